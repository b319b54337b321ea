public import Quantities

/// The charts powersim draws itself, as self-contained SVG documents.
///
/// Every chart is 800 px wide, uses presentation attributes only (no scripts, style sheets or
/// external fonts; `font-family="sans-serif"`), a fixed palette, axes with ticks at 1-2-5 steps
/// and units chosen to fit (W, mW, µW; J, mJ, kJ; ms, s, min, h, d), a legend and a title. The
/// same input always gives the same bytes: numbers print with at most two decimals, computed
/// without the locale, and nothing depends on the date or the machine. Each series element
/// carries a `<title>` child, so hovering over it in a browser shows its name and energy.
///
/// The functions return the document's text; write it with ``OutputTransaction`` (temporary
/// file, then rename) like every other output.
public enum Plot {
  /// `run --plot`: power over time stacked by component (device order from the bottom), each bin
  /// drawn at its average power, with a legend giving each component's energy, the energy total
  /// and average power under the title, and — when `series` has a state of charge — the
  /// battery's state of charge in a second panel sharing the time axis.
  ///
  /// - Parameters:
  ///   - series: the run's power, from ``PowerSeriesRecorder``.
  ///   - title: the first line, in bold (the scenario and variant).
  ///   - subtitle: a line under the title (device, duration, battery life), or `nil`.
  /// - Returns: the SVG document.
  /// - Complexity: O(*b* × *c*) for *b* bins and *c* components.
  public static func stackedPower(_ series: PowerSeries, title: String, subtitle: String? = nil)
    -> String
  {
    StackedPowerChart(series: series, title: title, subtitle: subtitle).render()
  }

  /// `compare --plot`: the total power of each alternative over time, one step line each in
  /// palette order, overlaid on shared axes; the time axis spans the longest alternative. The
  /// legend gives each alternative's energy; each line's tooltip also gives its change against
  /// the first alternative (the baseline).
  ///
  /// - Parameters:
  ///   - lines: the alternatives, baseline first; their series may differ in duration and bin
  ///     width.
  ///   - title: the first line, in bold.
  ///   - subtitle: a line under the title, or `nil`.
  /// - Returns: the SVG document.
  /// - Complexity: O(*b* × *c*) over all alternatives' bins and components.
  public static func powerComparison(
    _ lines: [PowerLine], title: String, subtitle: String? = nil
  ) -> String {
    PowerComparisonChart(lines: lines, title: title, subtitle: subtitle).render()
  }

  /// `sweep --plot`: energy against a swept value. When every point's value is a
  /// ``Plot/SweepValue/number(_:)``, each series is a line with a marker per point, sorted by value,
  /// on a linear axis spanning the values; otherwise each value is a category (in the order the
  /// values first appear) and each series a bar in every category's group, labelled with its
  /// energy when there are at most 24 bars. The energy axis starts at 0. A legend names the
  /// series when there is more than one or the one has a name.
  ///
  /// - Parameters:
  ///   - series: one per line (or bar colour), for instance one per value of a second `--set`.
  ///   - axis: the name and unit of the swept value.
  ///   - title: the first line, in bold.
  ///   - subtitle: a line under the title, or `nil`.
  /// - Returns: the SVG document.
  /// - Complexity: O(*p* log *p*) for *p* points.
  public static func energySweep(
    _ series: [SweepSeries], axis: SweepAxis, title: String, subtitle: String? = nil
  ) -> String {
    SweepChart(series: series, axis: axis, title: title, subtitle: subtitle).render()
  }
}

extension Plot {
  /// One alternative in ``Plot/powerComparison(_:title:subtitle:)``: its name and power series.
  public struct PowerLine: Sendable {
    /// The name in the legend: a variant's or a scenario file's.
    public var name: String
    /// Its power over time; only the total is drawn.
    public var series: PowerSeries

    /// A line named `name`.
    public init(name: String, series: PowerSeries) {
      self.name = name
      self.series = series
    }
  }

  /// A value of a swept parameter in a chart: a number, drawn on a linear axis, or a category.
  public enum SweepValue: Sendable, Hashable {
    /// A number, in the unit of the ``Plot/SweepAxis``.
    case number(Double)
    /// A value shown as its text (`"utility"`, `"dark"`).
    case category(String)

    /// The number, if this is one.
    public var number: Double? {
      if case .number(let value) = self { return value }
      return nil
    }

    /// The text shown for the value: the category, or the number's shortest decimal form.
    public var label: String {
      switch self {
      case .number(let value): Units.number(value)
      case .category(let text): text
      }
    }

    /// Reads sweep values as the user wrote them (`--set` values): when every text is a plain
    /// number, numbers; when every text is a quantity of one dimension (`"1 s"`, `"500 ms"`),
    /// numbers in a unit that fits the largest (s, min or h for times; W, mW for powers; J, mJ
    /// for energies; the base unit otherwise), with that unit; else categories, as written.
    ///
    /// - Returns: the values in the order given, and the unit of the numbers (`nil` for plain
    ///   numbers and categories).
    public static func read(_ texts: [String]) -> (values: [SweepValue], unit: String?) {
      let plain = texts.compactMap { Double($0.trimmingSpaces) }
      if plain.count == texts.count, plain.allSatisfy(\.isFinite), !texts.isEmpty {
        return (plain.map { .number($0) }, nil)
      }
      if let quantities = SweepQuantities(texts) { return (quantities.values, quantities.unit) }
      return (texts.map { .category($0) }, nil)
    }
  }

  /// The swept value's axis in ``Plot/energySweep(_:axis:title:subtitle:)``.
  public struct SweepAxis: Sendable {
    /// What was swept: `workloads.sync.every`.
    public var label: String
    /// The unit of numeric values (`s`), shown in the axis title; `nil` for none.
    public var unit: String?

    /// An axis for `label`, in `unit`.
    public init(label: String, unit: String? = nil) {
      self.label = label
      self.unit = unit
    }
  }

  /// One point of a sweep: the swept value and the energy of the run.
  public struct SweepPoint: Sendable {
    /// The swept value.
    public var x: SweepValue
    /// The run's energy.
    public var energy: Energy

    /// A point.
    public init(x: SweepValue, energy: Energy) {
      self.x = x
      self.energy = energy
    }
  }

  /// A named set of sweep points, drawn as one line or one bar colour.
  public struct SweepSeries: Sendable {
    /// The name in the legend (`""` for a single unnamed series).
    public var name: String
    /// The points, in any order.
    public var points: [SweepPoint]

    /// A series.
    public init(name: String = "", points: [SweepPoint]) {
      self.name = name
      self.points = points
    }
  }
}
