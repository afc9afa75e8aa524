import ITunesCatalog
import ITunesClient
import TunesStorage

/// One tool: its description for `tools/list`, its parameters (the input schema and its check)
/// and what it does.
package struct Tool: Sendable {
  package var name: String
  package var title: String
  package var description: String
  package var parameters: [ToolParameter]
  /// The output schema: an object whose properties are in the CLI's JSON shapes.
  package var outputSchema: JSONValue
  /// Whether it only reads (a hint for clients).
  package var readOnly: Bool
  /// Runs with checked arguments. Throws `RPCError` for a bad argument; any other error is the
  /// catalogue's or the database's, answered as a result with `isError`.
  var run: @Sendable (ToolArguments, MCPServices) async throws -> ToolResult

  /// The input schema.
  var inputSchema: JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("type", .string("object")),
      ("properties", .object(parameters.map { ($0.name, $0.schema) })),
    ]
    let required = parameters.filter(\.required).map { JSONValue.string($0.name) }
    if !required.isEmpty { members.append(("required", .array(required))) }
    members.append(("additionalProperties", .bool(false)))
    return .object(members)
  }

  /// The entry in `tools/list`.
  var listing: JSONValue {
    .object([
      ("name", .string(name)), ("title", .string(title)), ("description", .string(description)),
      ("inputSchema", inputSchema), ("outputSchema", outputSchema),
      (
        "annotations",
        .object([
          ("readOnlyHint", .bool(readOnly)), ("openWorldHint", .bool(true)),
          ("idempotentHint", .bool(true)), ("destructiveHint", .bool(false)),
        ])
      ),
    ])
  }

  /// Calls the tool: checks the arguments, runs it, and turns a failure into an `isError`
  /// result in the CLI's words.
  func call(_ arguments: JSONValue?, services: MCPServices) async throws(RPCError) -> ToolResult {
    let checked = try ToolArguments(arguments, parameters: parameters)
    do {
      return try await run(checked, services)
    } catch let error as RPCError {
      throw error
    } catch {
      return .failure(error, services: services)
    }
  }
}

/// Builds a query from checked arguments: a value the catalogue refuses (a country it does not
/// know, an entity not valid for the media) is a bad argument, named.
func argument<T>(_ services: MCPServices, _ make: () throws -> T) throws(RPCError) -> T {
  do {
    return try make()
  } catch let error as CatalogError {
    var field: String?
    switch error {
    case .invalidValue(let parameter, _, _), .outOfRange(let parameter, _, _),
      .notValidForMedia(let parameter, _, _, _):
      field = parameter
    case .emptyTerm: field = "term"
    default: field = nil
    }
    throw .invalidParams(services.describe(error), field: field)
  } catch {
    throw .invalidParams(services.describe(error))
  }
}
