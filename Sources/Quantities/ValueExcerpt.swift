/// A value as an error message quotes it: whole when short, else its first characters and its
/// length, so that a message about a 4 MB value is one readable line (*Bad Input, Run Limits and
/// Safe Output*: messages quote at most about 80 characters of a bad value).
///
/// Every message that quotes a value found in the input goes through here: `"5 parsecs"`,
/// `"aaaa…" (4,000,000 characters)`, `1234…` (2,000,000 characters).
public enum ValueExcerpt {
  /// The most characters of a value a message quotes; longer values are cut after
  /// `maximumCharacters - 1` of them, and an ellipsis added.
  public static let maximumCharacters = 80

  /// `text` in double quotes, as it is (the message printer escapes control characters), or its
  /// start and length: `"aaaa…" (4,000,000 characters)`.
  ///
  /// - Complexity: O(1) for short text; O(*n*) to count the characters of long text.
  public static func quoted(_ text: String) -> String {
    quoted(text) { "\"\($0)\"" }
  }

  /// `text` without quotes (a number's literal), or its start and length:
  /// `1234…` (2,000,000 characters).
  ///
  /// - Complexity: O(1) for short text; O(*n*) to count the characters of long text.
  public static func bare(_ text: String) -> String {
    quoted(text) { $0 }
  }

  /// `text` quoted by `quote` (which may escape, as JSON string literals do), or the start of it
  /// quoted, then its length.
  ///
  /// - Complexity: O(1) for short text; O(*n*) to count the characters of long text.
  public static func quoted(_ text: String, by quote: (String) -> String) -> String {
    // Every character takes at least one byte: text of this many bytes or fewer is short.
    guard text.utf8.count > maximumCharacters else { return quote(text) }
    let start = text.prefix(maximumCharacters)
    guard start.endIndex < text.endIndex else { return quote(text) }
    return quote(String(start.dropLast()) + "…") + " (\(DigitGroups.text(text.count)) characters)"
  }
}

/// Whole numbers with their digits in groups of three, `5,000,000`, in every locale.
public enum DigitGroups {
  /// `value` in groups of three digits separated by commas.
  public static func text(_ value: Int) -> String {
    let digits = Array(String(value.magnitude))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return value < 0 ? "-" + text : text
  }
}
