/// The words the demo catalogue's names are made of. Every name is put together by
/// `DemoGenerator` from these lists; none is taken from a real catalogue.
enum DemoNames {
  /// A music artist: name, genre, how its titles are written.
  struct MusicArtist {
    var name: String
    var genre: String
    var script: Script
  }

  /// The writing system a name's titles are made in.
  enum Script {
    case latin, japanese, cyrillic, arabic
  }

  static let musicArtists: [MusicArtist] = [
    MusicArtist(name: "Mira Castell", genre: "Pop", script: .latin),
    MusicArtist(name: "The Velvet Orchards", genre: "Alternative", script: .latin),
    MusicArtist(name: "Northern Static", genre: "Electronic", script: .latin),
    MusicArtist(name: "Jonah Reyes", genre: "Singer/Songwriter", script: .latin),
    MusicArtist(name: "Paper Lanterns", genre: "Rock", script: .latin),
    MusicArtist(name: "Dust & Marrow", genre: "Hip-Hop/Rap", script: .latin),
    MusicArtist(name: "Lucía Ferrán", genre: "Latin", script: .latin),
    MusicArtist(name: "Sølvi Åkerlund", genre: "Jazz", script: .latin),
    MusicArtist(name: "Émile Brûlé Trio", genre: "Jazz", script: .latin),
    MusicArtist(name: "Kofi Mensah Band", genre: "World", script: .latin),
    MusicArtist(name: "Hollow Creek", genre: "Country", script: .latin),
    MusicArtist(name: "Ada Quartet", genre: "Classical", script: .latin),
    MusicArtist(name: "星野ひかり", genre: "J-Pop", script: .japanese),
    MusicArtist(name: "夜明けのバス", genre: "J-Pop", script: .japanese),
    MusicArtist(name: "コトリ・ソーダ", genre: "Anime", script: .japanese),
    MusicArtist(name: "Ирина Лесная", genre: "Pop", script: .cyrillic),
    MusicArtist(name: "Белые Ночи", genre: "Rock", script: .cyrillic),
    MusicArtist(name: "ليلى حداد", genre: "Arabic", script: .arabic),
    MusicArtist(name: "فرقة النسيم", genre: "Arabic", script: .arabic),
  ]

  /// Two artists whose songs carry the words people type first into a search box, each with
  /// its albums' names and songs (made after everything else; see `DemoGenerator.firstWords`).
  static let firstWordArtists: [(MusicArtist, [(name: String, songs: [String])])] = [
    (
      MusicArtist(name: "Rosa Lovell", genre: "Pop", script: .latin),
      [
        (
          "Love Letters",
          [
            "Love Letters", "Radio Love", "Love Me Slowly", "Summer Love", "All You Need Is Rain",
            "Happy Again", "Love in the Morning", "Dance Until Dawn",
          ]
        ),
        (
          "Hello, Tomorrow",
          ["Hello, Tomorrow", "First Love", "Lovesick Blues", "Dancing Queen of Nowhere", "Home"]
        ),
      ]
    ),
    (
      MusicArtist(name: "Granite Rock Club", genre: "Rock", script: .latin),
      [
        (
          "Rock the Harbour",
          [
            "Rock the Harbour", "Rock and Roll Radio", "Love on the Rocks", "Rocking Chair",
            "Hard Rock Heart", "Christmas on the Road", "Summer of Rock",
          ]
        ),
        ("Live at the Quarry", ["Rock Steady", "Rockets", "We Will Rise", "Happy Birthday, Rock"]),
      ]
    ),
  ]

  static let adjectives = [
    "Golden", "Quiet", "Electric", "Paper", "Northern", "Velvet", "Hidden", "Silver", "Midnight",
    "Wild", "Distant", "Glass", "Burning", "Slow", "Summer", "Winter", "Open", "Little", "Blue",
    "Lonely", "Bright", "Secret", "Broken", "Gentle",
  ]
  static let nouns = [
    "Hours", "Rivers", "Lights", "Letters", "Engines", "Gardens", "Signals", "Harbours",
    "Mornings", "Satellites", "Roads", "Tides", "Echoes", "Windows", "Fields", "Stations",
    "Houses", "Mountains", "Radios", "Birds", "Bridges", "Shadows", "Stars", "Kites",
  ]
  static let songPatterns = [
    "%A %N", "The %N Song", "%N in the Rain", "Waiting for the %N", "All the %A %N",
    "Sitting by the %N", "Under %A %N", "%N (Acoustic)", "Back to the %N", "%A Heart",
    "Nobody Knows the %N", "Dancing on %N",
  ]

  static let japaneseTitles = [
    "夏の終わり", "青い月", "雨の駅", "さよならの歌", "星降る夜", "風のゆくえ", "花火", "東京の朝",
    "約束", "ひとりぼっちの海", "桜の坂道", "夢のつづき", "光の中へ", "ありがとう", "遠い街",
  ]
  static let cyrillicTitles = [
    "Зимний вечер", "Дорога домой", "Тихая река", "Последний трамвай", "Звёзды над городом",
    "Белый снег", "Летний дождь", "Мой город", "Ночной поезд", "Открытое окно", "Ёлки и огни",
  ]
  static let arabicTitles = [
    "ليالي القمر", "طريق البحر", "نجمة الصباح", "أغنية المطر", "قلب المدينة", "رمال ذهبية",
    "نسيم الليل", "شمس الشتاء", "باب الحارة", "سفر طويل",
  ]

  static let directors = [
    "Clara Voss", "Dev Malhotra", "Ines Duarte", "Oskar Lindqvist", "Yuki Tanabe", "Marcus Bell",
    "Аркадий Соколов", "Noor Haddad",
  ]
  static let places = [
    "Avalon", "Kestrel Bay", "Mount Ardent", "Ferris Row", "Lumen City", "the Salt Coast",
    "Old Harbour", "Pine Hollow",
  ]
  static let moviePatterns = [
    "The %N of %P", "%A %N", "Return to %P", "The Last %N", "%P After Dark", "A %A Summer",
    "Nights in %P", "The %N Job",
  ]
  static let foreignMovies = ["東京の影", "Северный ветер", "مدينة الرمال"]
  static let movieGenres = [
    "Drama", "Comedy", "Action & Adventure", "Sci-Fi & Fantasy", "Documentary", "Kids & Family",
    "Thriller", "Romance",
  ]
  static let movieRatings = ["G", "PG", "PG-13", "R", "NR"]

  static let shows: [(name: String, genre: String)] = [
    ("Harbour Lights", "Drama"), ("The Night Desk", "Comedy"), ("Kitchen Republic", "Reality TV"),
    ("Спутник", "Sci-Fi & Fantasy"), ("Wild Coastlines", "Documentary"),
  ]
  static let episodeTitles = [
    "Pilot", "The Storm", "Open House", "Second Chances", "The Long Night", "Homecoming",
    "Lost and Found", "The Visitor", "Fault Lines", "Finale",
  ]

  static let podcasts: [(name: String, host: String, genre: String)] = [
    ("The Curious Hour", "Maya Lind", "Science"), ("Signal & Noise", "Theo Park", "Technology"),
    ("Pocket History", "Ruth Abara", "History"), ("Deep Field Radio", "Sam Okoro", "Science"),
    ("Kitchen Table Economics", "Lena Marsh", "Business"),
    ("Laugh Track Weekly", "Benny Cole", "Comedy"),
    ("夜ふかし放送局", "田中 みなみ", "Society & Culture"),
    ("Наука за чаем", "Олег Белов", "Science"), ("حكايات المساء", "سارة منصور", "Arts"),
  ]
  static let episodeTopics = [
    "Why the Sky Is Blue", "The Secret Life of Bees", "Maps That Changed the World",
    "How Bridges Stand Up", "A Short History of Salt", "Listener Questions", "The Sound of Cities",
    "Sleep, Explained", "Inside a Volcano", "Money Before Coins", "Robots at Work",
    "The Great Tea Race",
  ]

  static let authors = [
    "Harriet Vale", "Tomasz Wren", "Amara Okafor", "Felix Durand", "森田 葉子", "Анна Воронова",
    "يوسف العطار", "Gwen Ashdown", "Rafael Monteiro", "Ilse Brandt",
  ]
  static let bookPatterns = [
    "The %N of %P", "A %A %N", "%N and %N", "The %A Year", "Letters from %P", "Before the %N",
    "The House on %P", "%A Water",
  ]
  static let foreignBooks = [
    "猫と月の図書館", "Осень в Петербурге", "بيت الياسمين", "Château de Brume", "Über den Wolken",
  ]
  static let bookGenres = [
    "Fiction & Literature", "Mysteries & Thrillers", "Sci-Fi & Fantasy", "History", "Romance",
    "Cookbooks, Food & Wine", "Biographies & Memoirs", "Kids",
  ]

  static let developers = [
    "Brightleaf Labs", "Pixel Harbour Ltd", "Orbita LLC", "Tiny Forge", "雲スタジオ",
    "Nordlicht Apps GmbH",
  ]
  static let appWords = [
    "Notes", "Tide", "Budget", "Sky", "Metro", "Focus", "Habit", "Recipe", "Sketch", "Pocket",
    "Weather", "Trail", "Scan", "Lingo", "Piano", "Chess", "Sleep", "Garden", "Star", "Memo",
  ]
  static let appSuffixes = [
    "Pro", "Tracker", "Lite", "Studio", "Planner", "Journal", "Map", "Timer", "Buddy", "Lab",
  ]
  static let appGenres = [
    "Productivity", "Utilities", "Finance", "Weather", "Games", "Health & Fitness", "Education",
    "Travel", "Music", "Photo & Video",
  ]
}
