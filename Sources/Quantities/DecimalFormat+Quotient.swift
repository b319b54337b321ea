extension DecimalFormat {
  /// `numerator ÷ denominator` counts of `10^-scale` as a decimal: every digit when the quotient
  /// is a terminating decimal, otherwise rounded half away from zero to `significantDigits`
  /// significant digits; trailing zeros are trimmed.
  ///
  /// The quotient terminates exactly when the fraction's reduced denominator has no prime factor
  /// but 2 and 5 — always, when `denominator` itself has none (`20`, `2_000_000`). An average
  /// power is one such quotient: attojoules ÷ nanoseconds counts nanowatts, so
  /// `quotient(1_830_000_000_000_000_000, dividedBy: 20_000_000_000, scale: 9,
  /// significantDigits: 17)` (1.83 J over 20 s) is `0.0915`, and 1 J over 3 s is
  /// `0.33333333333333333`.
  ///
  /// This is not shortest round-trip printing: a terminating quotient prints all its digits,
  /// however many (1 ÷ 2⁶⁰ has 60 after the point), so that sums of the printed values are exact.
  ///
  /// - Precondition: `denominator > 0`, `significantDigits > 0`, `scale >= 0`.
  /// - Complexity: O(*d*) for the *d* digits printed.
  public static func quotient(
    _ numerator: Int128, dividedBy denominator: Int64, scale: Int, significantDigits: Int
  ) -> String {
    var text: [UInt8] = []
    appendQuotient(
      numerator, dividedBy: denominator, scale: scale, significantDigits: significantDigits,
      to: &text)
    return String(decoding: text, as: UTF8.self)
  }

  /// Appends ``quotient(_:dividedBy:scale:significantDigits:)``'s text to `text` as UTF-8, for
  /// writers of long numeric files: the digits are worked out on the stack, so a call allocates
  /// nothing once `text` has room.
  ///
  /// - Precondition: `denominator > 0`, `0 < significantDigits <= 40`, `scale >= 0`.
  public static func appendQuotient(
    _ numerator: Int128, dividedBy denominator: Int64, scale: Int, significantDigits: Int,
    to text: inout [UInt8]
  ) {
    precondition(denominator > 0, "a quotient by a denominator that is not positive")
    precondition(significantDigits > 0 && significantDigits <= 40 && scale >= 0, "digits")
    // At most 39 whole digits (of a 128-bit numerator), 63 fraction digits (a terminating
    // quotient by d = 2^a × 5^b < 2^63 has max(a, b) of them) or 40 significant ones after at
    // most 19 zeros, and one for a carry: 103.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 104) { storage in
      var digits = DigitScratch(storage: storage)
      let divisor = UInt64(denominator)
      var remainder: UInt64
      // Most quotients fit in 64 bits, where division is a machine instruction.
      if let small = UInt64(exactly: numerator.magnitude) {
        let (whole, rest) = small.quotientAndRemainder(dividingBy: divisor)
        digits.appendDigits(of: whole)
        remainder = rest
      } else {
        let (whole, rest) = numerator.magnitude.quotientAndRemainder(
          dividingBy: UInt128(divisor))
        digits.appendDigits(of: whole)
        remainder = UInt64(rest)
      }
      var wholeDigitCount = digits.count
      if terminates(remainder, divisor) {
        while remainder != 0 {
          let (digit, next) = nextDigit(remainder, divisor)
          digits.append(digit)
          remainder = next
        }
      } else {
        // `digits` has no leading zero, so each of its digits is significant.
        var significant = digits.count
        while significant < significantDigits {
          let (digit, next) = nextDigit(remainder, divisor)
          digits.append(digit)
          remainder = next
          if significant > 0 || digit != 0 { significant += 1 }
        }
        // Round half away from zero after the last significant digit, on the first digit
        // dropped (a whole part longer than the significant digits) or on what is left,
        // remainder ÷ divisor. It is never exactly a half: the quotient does not terminate.
        let kept = digits.count - (significant - significantDigits)
        let roundsUp = kept < digits.count ? digits[kept] >= 5 : remainder >= divisor - remainder
        for index in kept..<digits.count { digits[index] = 0 }
        // A carry out of the first digit (0.99… up to 1) lengthens the whole part.
        if roundsUp && digits.roundUp(before: kept) { wholeDigitCount += 1 }
      }
      digits.write(pointIndex: wholeDigitCount - scale, isNegative: numerator < 0, to: &text)
    }
  }

  /// Whether `remainder ÷ divisor` (a proper fraction) has a terminating decimal expansion.
  private static func terminates(_ remainder: UInt64, _ divisor: UInt64) -> Bool {
    guard remainder != 0 else { return true }
    var reduced = divisor / greatestCommonDivisor(remainder, divisor)
    reduced >>= reduced.trailingZeroBitCount
    while reduced % 5 == 0 { reduced /= 5 }
    return reduced == 1
  }

  /// The next digit of `remainder ÷ divisor` and the remainder after it, without overflow for
  /// any 64-bit divisor.
  @inline(__always)
  private static func nextDigit(_ remainder: UInt64, _ divisor: UInt64) -> (UInt8, UInt64) {
    if divisor <= UInt64.max / 10 {
      let (digit, next) = (remainder * 10).quotientAndRemainder(dividingBy: divisor)
      return (UInt8(digit), next)
    }
    let (digit, next) = (UInt128(remainder) * 10).quotientAndRemainder(
      dividingBy: UInt128(divisor))
    return (UInt8(digit), UInt64(next))
  }

  private static func greatestCommonDivisor(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a
  }
}

/// Decimal digit values (0…9) being worked out for one number, in stack memory the caller
/// provides, so that formatting a number allocates nothing.
private struct DigitScratch {
  private let storage: UnsafeMutableBufferPointer<UInt8>
  private(set) var count = 0

  init(storage: UnsafeMutableBufferPointer<UInt8>) {
    self.storage = storage
  }

  subscript(index: Int) -> UInt8 {
    get { storage[index] }
    nonmutating set { storage[index] = newValue }
  }

  mutating func append(_ digit: UInt8) {
    precondition(count < storage.count, "more digits than a number can have")
    storage[count] = digit
    count += 1
  }

  /// Appends the decimal digits of `value`, most significant first; none for zero.
  mutating func appendDigits<Value: UnsignedInteger & FixedWidthInteger>(of value: Value) {
    let start = count
    var rest = value
    while rest > 0 {
      let (quotient, digit) = rest.quotientAndRemainder(dividingBy: 10)
      append(UInt8(digit))
      rest = quotient
    }
    var low = start
    var high = count - 1
    while low < high {
      storage.swapAt(low, high)
      low += 1
      high -= 1
    }
  }

  /// Adds one to the digit before `end`, carrying; returns whether a carry out of the first
  /// digit prepended a 1.
  mutating func roundUp(before end: Int) -> Bool {
    var index = end - 1
    while index >= 0 {
      if storage[index] < 9 {
        storage[index] += 1
        return false
      }
      storage[index] = 0
      index -= 1
    }
    append(0)
    var slot = count - 1
    while slot > 0 {
      storage[slot] = storage[slot - 1]
      slot -= 1
    }
    storage[0] = 1
    return true
  }

  /// Appends the digits as UTF-8 to `text`, with a point before digit `pointIndex` (a negative
  /// index: that many zeros come between the point and the digits), leading zeros of the whole
  /// part and trailing zeros of the fraction removed.
  func write(pointIndex: Int, isNegative: Bool, to text: inout [UInt8]) {
    precondition(pointIndex <= count, "a point beyond the digits")
    let zero = UInt8(ascii: "0")
    // The whole part is [first, wholeEnd), the fraction's digits [wholeEnd, end).
    let wholeEnd = max(0, pointIndex)
    var first = 0
    while first < wholeEnd && storage[first] == 0 { first += 1 }
    var end = count
    while end > wholeEnd && storage[end - 1] == 0 { end -= 1 }
    // Digits left after trimming are not all zero unless the number is zero.
    if isNegative && (first < wholeEnd || end > wholeEnd) { text.append(UInt8(ascii: "-")) }
    if first == wholeEnd { text.append(zero) }
    for index in first..<wholeEnd { text.append(zero + storage[index]) }
    if end > wholeEnd {
      text.append(UInt8(ascii: "."))
      for _ in 0..<max(0, -pointIndex) { text.append(zero) }
      for index in wholeEnd..<end { text.append(zero + storage[index]) }
    }
  }
}
