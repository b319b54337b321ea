/// Non-negative least squares: the `x ≥ 0` that minimises ‖A x − y‖², by Lawson and Hanson's
/// active-set algorithm (*Solving Least Squares Problems*, 1974, chapter 23), worked on the
/// normal equations `G = AᵀA`, `h = Aᵀy` (the problems here have a few parameters and many rows,
/// so the k × k system is small and building it is linear in the rows).
///
/// - Complexity: O(*n k²*) to build the system from *n* rows of *k* columns, then O(*k⁴*) at
///   worst for the iterations.
public struct NonNegativeLeastSquares: Sendable {
  /// `AᵀA`, k × k, row-major.
  public var gram: [[Double]]
  /// `Aᵀy`.
  public var projection: [Double]
  /// `yᵀy`.
  public var targetSquares: Double
  /// The number of rows.
  public var rows: Int

  /// The system of the rows of `columns` (one array per parameter) and `target`.
  public init(columns: [[Double]], target: [Double]) {
    let count = columns.count
    gram = Array(repeating: Array(repeating: 0, count: count), count: count)
    projection = Array(repeating: 0, count: count)
    for i in 0..<count {
      for j in i..<count {
        var sum = 0.0
        for row in target.indices { sum += columns[i][row] * columns[j][row] }
        gram[i][j] = sum
        gram[j][i] = sum
      }
      var sum = 0.0
      for row in target.indices { sum += columns[i][row] * target[row] }
      projection[i] = sum
    }
    targetSquares = target.reduce(0) { $0 + $1 * $1 }
    rows = target.count
  }

  /// The solution, and which parameters are free (positive) at it.
  public func solve() -> (x: [Double], free: [Bool]) {
    let count = projection.count
    var x = Array(repeating: 0.0, count: count)
    var free = Array(repeating: false, count: count)
    let scale = max(1e-300, gram.indices.map { gram[$0][$0] }.max() ?? 1)
    let tolerance = 1e-12 * scale * max(1, projection.map(abs).max() ?? 1)
    for _ in 0..<(3 * count + 3) {
      let gradient = (0..<count).map { i in
        projection[i] - (0..<count).reduce(0) { $0 + gram[i][$1] * x[$1] }
      }
      guard
        let entering = (0..<count).filter({ !free[$0] && gradient[$0] > tolerance })
          .max(by: { gradient[$0] < gradient[$1] })
      else { break }
      free[entering] = true
      for _ in 0..<(3 * count + 3) {
        let indices = (0..<count).filter { free[$0] }
        guard
          let solution = Self.solveSystem(
            indices.map { i in indices.map { gram[i][$0] } }, indices.map { projection[$0] })
        else {
          free[entering] = false
          break
        }
        var trial = Array(repeating: 0.0, count: count)
        for (position, index) in indices.enumerated() { trial[index] = solution[position] }
        if indices.allSatisfy({ trial[$0] > 0 }) {
          x = trial
          break
        }
        var step = 1.0
        for index in indices where trial[index] <= 0 {
          let denominator = x[index] - trial[index]
          if denominator > 0 { step = min(step, x[index] / denominator) }
        }
        for index in 0..<count { x[index] += step * (trial[index] - x[index]) }
        for index in indices where x[index] <= 1e-15 {
          x[index] = 0
          free[index] = false
        }
      }
    }
    return (x, free)
  }

  /// The residual sum of squares at `x`: yᵀy − 2 xᵀh + xᵀGx.
  public func residualSquares(at x: [Double]) -> Double {
    var value = targetSquares
    for i in x.indices {
      value -= 2 * x[i] * projection[i]
      for j in x.indices { value += x[i] * gram[i][j] * x[j] }
    }
    return max(0, value)
  }

  /// The inverse of the Gram matrix restricted to `indices`, if it is not singular.
  public func inverse(_ indices: [Int]) -> [[Double]]? {
    var columns: [[Double]] = []
    for position in indices.indices {
      var unit = Array(repeating: 0.0, count: indices.count)
      unit[position] = 1
      guard let column = Self.solveSystem(indices.map { i in indices.map { gram[i][$0] } }, unit)
      else { return nil }
      columns.append(column)
    }
    return columns
  }

  /// `matrix · x = vector` by Gaussian elimination with partial pivoting; `nil` when singular.
  static func solveSystem(_ matrix: [[Double]], _ vector: [Double]) -> [Double]? {
    var a = matrix
    var b = vector
    let count = b.count
    let scale = max(1e-300, (0..<count).map { abs(a[$0][$0]) }.max() ?? 1)
    for column in 0..<count {
      guard let pivot = (column..<count).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }),
        abs(a[pivot][column]) > 1e-13 * scale
      else { return nil }
      a.swapAt(column, pivot)
      b.swapAt(column, pivot)
      for row in (column + 1)..<max(column + 1, count) {
        let factor = a[row][column] / a[column][column]
        for k in column..<count { a[row][k] -= factor * a[column][k] }
        b[row] -= factor * b[column]
      }
    }
    var x = Array(repeating: 0.0, count: count)
    for row in stride(from: count - 1, through: 0, by: -1) {
      var sum = b[row]
      for k in (row + 1)..<max(row + 1, count) { sum -= a[row][k] * x[k] }
      x[row] = sum / a[row][row]
    }
    return x
  }
}
