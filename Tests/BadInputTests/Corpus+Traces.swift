extension BadInputCorpus {
  /// Trace files: missing, empty, not UTF-8, bad rows, cells and columns.
  static let traces: [BadInput] = [
    BadInput(
      "traces/bad-cell.json",
      #"traces/data/bad-cell.csv: row 4, column "cpu": expected a time such as "5 s" or "20 ms", found "two ms""#
    ),
    BadInput(
      "traces/duplicate-column.json",
      #"traces/data/duplicate-column.csv: row 1: expected each column once, found "cpu" twice"#),
    BadInput(
      "traces/empty.json",
      #"traces/data/empty.csv: expected a header row with a "time" column, found an empty file"#),
    BadInput(
      "traces/missing-file.json",
      #"traces/missing-file.json: workloads.replay.trace: cannot read the trace "traces/data/none.csv": it does not exist"#
    ),
    BadInput(
      "traces/no-time-column.json",
      #"traces/data/no-time.csv: row 1: expected a "time" column in the header, found "when" and "cpu""#
    ),
    BadInput(
      "traces/non-utf8.json",
      "traces/data/latin1.csv: line 2: expected UTF-8 text, found the byte 0xB5 (save the file as UTF-8)"
    ),
    BadInput(
      "traces/row-after-end.json",
      #"traces/data/after-end.csv: row 3, column "time": expected a time within the run (before 1 min), found "90 s""#
    ),
    BadInput(
      "traces/short-row.json",
      "traces/data/short-row.csv: row 3: expected 3 fields as in the header, found 1"),
    BadInput(
      "traces/special-file.json",
      #"traces/special-file.json: workloads.replay.trace: cannot read the trace "/dev/zero": it is not a regular file (a device, pipe or socket)"#
    ),
    BadInput(
      "traces/unclosed-quote.json",
      "traces/data/unclosed-quote.csv: line 2: expected a closing quote for a field opened on this line, found the end of the file"
    ),
    BadInput(
      "traces/unknown-column.json",
      #"traces/data/unknown-column.csv: row 1, column "gps": unknown column "gps": expected "time" and work steps (did you mean "gpu"?)"#
    ),
    BadInput(
      "traces/unsorted.json",
      "traces/data/unsorted.csv: row 4: expected rows in time order, found 5 s after 10 s"),
    BadInput(
      "traces/with-work.json",
      #"traces/with-work.json: workloads.replay.work: a trace's rows carry their own work; remove "work""#
    ),
  ]
}
