extension BadInputCorpus {
  /// JSON syntax: truncated, malformed, not UTF-8, duplicate keys; every error has a line and column.
  static let syntax: [BadInput] = [
    BadInput(
      "syntax/bad-escape.json",
      #"syntax/bad-escape.json:4:12: expected an escape such as \n or \u00e9, found \x"#),
    BadInput(
      "syntax/binary.json",
      "syntax/binary.json:1:1: expected a value, found the byte 0x89, which is not UTF-8"),
    BadInput(
      "syntax/comment.json",
      #"syntax/comment.json:1:1: expected a value, found '/' (JSON has no comments; put notes in keys starting with "x-")"#
    ),
    BadInput(
      "syntax/control-character.json",
      #"syntax/control-character.json:4:22: expected a character of the string, found the control character U+0009 (write it as an escape such as \n)"#
    ),
    BadInput(
      "syntax/cr-line-ends.json",
      "syntax/cr-line-ends.json:4:11: expected a value, found 'tru'"),
    BadInput(
      "syntax/duplicate-key-nested.json",
      #"syntax/duplicate-key-nested.json:8:7: expected each key once in an object, found "work" again (first at line 7, column 7)"#
    ),
    BadInput(
      "syntax/duplicate-key.json",
      #"syntax/duplicate-key.json:5:3: expected each key once in an object, found "duration" again (first at line 3, column 3)"#
    ),
    BadInput(
      "syntax/empty.json",
      "syntax/empty.json:1:1: expected a value, found the end of the file"),
    BadInput(
      "syntax/exponent-without-digits.json",
      "syntax/exponent-without-digits.json:3:17: expected a digit in the exponent, found the end of the line"
    ),
    BadInput(
      "syntax/infinity-literal.json",
      "syntax/infinity-literal.json:3:16: expected a digit, found 'Infinity' (JSON has no NaN or infinity)"
    ),
    BadInput(
      "syntax/leading-zero.json",
      "syntax/leading-zero.json:4:11: expected a number without leading zeros, found '007'"),
    BadInput(
      "syntax/lone-surrogate.json",
      #"syntax/lone-surrogate.json:4:12: expected a low surrogate after \uD83D, found a lone high surrogate"#
    ),
    BadInput(
      "syntax/missing-colon.json",
      #"syntax/missing-colon.json:2:12: expected ':' after the key "device", found '"'"#),
    BadInput(
      "syntax/nan-literal.json",
      "syntax/nan-literal.json:3:15: expected a value, found 'NaN' (JSON has no NaN or infinity)"),
    BadInput(
      "syntax/non-utf8.json",
      "syntax/non-utf8.json:4:15: expected UTF-8 text, found the byte 0xE9 followed by 0x22"),
    BadInput(
      "syntax/no-break-space.json",
      "syntax/no-break-space.json:3:1: expected a key in double quotes, found U+00A0 (no-break space)"
    ),
    BadInput(
      "syntax/nul-byte.json",
      "syntax/nul-byte.json:1:21: expected a key in double quotes, found the control character U+0000"
    ),
    BadInput(
      "syntax/only-whitespace.json",
      "syntax/only-whitespace.json:4:1: expected a value, found the end of the file"),
    BadInput(
      "syntax/single-quotes.json",
      "syntax/single-quotes.json:2:3: expected a key in double quotes, found ''' (JSON strings and keys take double quotes)"
    ),
    BadInput(
      "syntax/stray-byte-order-mark.json",
      "syntax/stray-byte-order-mark.json:3:3: expected a key in double quotes, found U+FEFF (byte-order mark)"
    ),
    BadInput(
      "syntax/top-level-array.json",
      "syntax/top-level-array.json: expected a scenario object, found an array"),
    BadInput(
      "syntax/trailing-comma-object.json",
      "syntax/trailing-comma-object.json:4:1: expected a key in double quotes, found '}'"),
    BadInput(
      "syntax/trailing-comma.json",
      "syntax/trailing-comma.json:6:3: expected a value after ',', found ']' (JSON allows no trailing comma)"
    ),
    BadInput(
      "syntax/truncated-in-string.json",
      #"syntax/truncated-in-string.json:2:17: expected '"' to end the string, found the end of the file"#
    ),
    BadInput(
      "syntax/truncated.json",
      "syntax/truncated.json:6:1: expected ',' or '}' after an object member, found the end of the file"
    ),
    BadInput(
      "syntax/two-documents.json",
      "syntax/two-documents.json:2:1: expected the end of the document, found '{'"),
    BadInput(
      "syntax/unquoted-key.json",
      "syntax/unquoted-key.json:2:3: expected a key in double quotes, found 'd'"),
    BadInput(
      "syntax/utf16.json",
      "syntax/utf16.json:1:1: expected UTF-8 text, found a UTF-16 byte-order mark (save the file as UTF-8)"
    ),
  ]
}
