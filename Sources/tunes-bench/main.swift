import Foundation
import ITunesCatalog

let data = try Data(contentsOf: URL(fileURLWithPath: "/tmp/search200.json"))
var times: [Double] = []
for _ in 0..<200 {
  let start = DispatchTime.now().uptimeNanoseconds
  let page = try CatalogPage.decode(data)
  precondition(page.items.count == 200)
  times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
}
times.sort()
print("swift median ms", times[times.count / 2])
var ptimes: [Double] = []
for _ in 0..<200 {
  let start = DispatchTime.now().uptimeNanoseconds
  _ = try JSONParser.parse([UInt8](data))
  ptimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
}
ptimes.sort()
print("parse only median ms", ptimes[ptimes.count / 2])
