package io.dendrite.parquet.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A labelled scatter plot written as standalone SVG: points (filled or hollow, with a colour
 * and a label), optional straight lines (fits), linear or log10 axes. Used for the dataset
 * suite's size-vs-time and sub-schema charts.
 */
final class SvgScatter {
  /** One point; {@code hollow} draws a ring instead of a disc. */
  record Point(double x, double y, String label, String color, boolean hollow) {}

  /** A line {@code y = intercept + slope * x} over the plotted x range, with a legend text. */
  record Line(double intercept, double slope, String color, String legend) {}

  private static final int WIDTH = 900;
  private static final int HEIGHT = 620;
  private static final int LEFT = 80;
  private static final int RIGHT = WIDTH - 30;
  private static final int TOP = 70;
  private static final int BOTTOM = HEIGHT - 60;

  private final String title;
  private final String subtitle;
  private final String xLabel;
  private final String yLabel;
  private final boolean log;
  private final List<Point> points = new ArrayList<>();
  private final List<Line> lines = new ArrayList<>();
  private final List<String[]> legend = new ArrayList<>();

  SvgScatter(String title, String subtitle, String xLabel, String yLabel, boolean log) {
    this.title = title;
    this.subtitle = subtitle;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
    this.log = log;
  }

  void add(Point p) {
    if (Double.isFinite(p.x()) && Double.isFinite(p.y()) && (!log || p.x() > 0 && p.y() > 0)) {
      points.add(p);
    }
  }

  void add(Line l) {
    lines.add(l);
  }

  /** A legend entry: a colour and what it stands for. */
  void legend(String color, String text) {
    legend.add(new String[] {color, text});
  }

  boolean isEmpty() {
    return points.isEmpty();
  }

  String render() {
    double[] xs = range(points.stream().mapToDouble(Point::x).toArray());
    double[] ys = range(points.stream().mapToDouble(Point::y).toArray());
    StringBuilder s = new StringBuilder();
    s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
        + "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"Helvetica, Arial, sans-serif\" "
        + "font-size=\"11\">%n", WIDTH, HEIGHT, WIDTH, HEIGHT));
    s.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n",
        WIDTH, HEIGHT));
    s.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"22\" font-size=\"16\" "
        + "font-weight=\"bold\">%s</text>%n", SvgBarChart.xml(title)));
    s.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"42\" fill=\"#555\">%s</text>%n",
        SvgBarChart.xml(subtitle)));
    for (double t : ticks(xs)) {
      double x = px(t, xs);
      s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
          + "stroke=\"%s\"/>%n", x, TOP, x, BOTTOM, log && t == 1 ? "#000" : "#e0e0e0"));
      s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" "
          + "fill=\"#555\">%s</text>%n", x, BOTTOM + 15, number(t)));
    }
    for (double t : ticks(ys)) {
      double y = py(t, ys);
      s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
          + "stroke=\"%s\"/>%n", LEFT, y, RIGHT, y, log && t == 1 ? "#000" : "#e0e0e0"));
      s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" "
          + "fill=\"#555\">%s</text>%n", LEFT - 5, y + 4, number(t)));
    }
    s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
        + "fill=\"none\" stroke=\"#888\"/>%n", LEFT, TOP, RIGHT - LEFT, BOTTOM - TOP));
    s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s"
        + "</text>%n", (LEFT + RIGHT) / 2, HEIGHT - 25, SvgBarChart.xml(xLabel)));
    s.append(String.format(Locale.ROOT, "<text transform=\"translate(18 %d) rotate(-90)\" "
        + "text-anchor=\"middle\">%s</text>%n", (TOP + BOTTOM) / 2, SvgBarChart.xml(yLabel)));
    for (Line l : lines) {
      double x1 = xs[0];
      double x2 = xs[1];
      s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
          + "y2=\"%.1f\" stroke=\"%s\" stroke-dasharray=\"5 3\"/>%n", px(x1, xs),
          py(clamp(l.intercept() + l.slope() * x1, ys), ys), px(x2, xs),
          py(clamp(l.intercept() + l.slope() * x2, ys), ys), l.color()));
    }
    for (Point p : points) {
      double x = px(p.x(), xs);
      double y = py(p.y(), ys);
      s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" "
          + "stroke=\"%s\" stroke-width=\"1.5\"/>%n", x, y, p.hollow() ? "white" : p.color(),
          p.color()));
      if (!p.label().isEmpty()) {
        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">%s"
            + "</text>%n", x + 6, y - 4, p.color(), SvgBarChart.xml(p.label())));
      }
    }
    int ly = TOP + 14;
    List<String[]> entries = new ArrayList<>(legend);
    for (Line l : lines) {
      entries.add(new String[] {l.color(), l.legend()});
    }
    for (String[] e : entries) {
      s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" "
          + "fill=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>%n", RIGHT - 300, ly - 9, e[0],
          RIGHT - 285, ly, SvgBarChart.xml(e[1])));
      ly += 15;
    }
    s.append("</svg>\n");
    return s.toString();
  }

  private double[] range(double[] values) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (double v : values) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    if (values.length == 0) {
      return new double[] {log ? 1 : 0, log ? 10 : 1};
    }
    if (log) {
      lo = Math.pow(10, Math.floor(Math.log10(Math.min(lo, 1)) * 2) / 2);
      hi = Math.pow(10, Math.ceil(Math.log10(Math.max(hi, 1)) * 2) / 2);
      return new double[] {lo, hi};
    }
    return new double[] {Math.min(0, lo), hi <= 0 ? 1 : hi * 1.08};
  }

  private List<Double> ticks(double[] r) {
    List<Double> out = new ArrayList<>();
    if (log) {
      for (int e = (int) Math.floor(Math.log10(r[0])); e <= Math.ceil(Math.log10(r[1])); e++) {
        for (double m : new double[] {1, 2, 5}) {
          double t = m * Math.pow(10, e);
          if (t >= r[0] * 0.999 && t <= r[1] * 1.001) {
            out.add(t);
          }
        }
      }
      return out;
    }
    double step = Math.pow(10, Math.floor(Math.log10((r[1] - r[0]) / 5)));
    while ((r[1] - r[0]) / step > 10) {
      step *= 2;
    }
    for (double t = Math.ceil(r[0] / step) * step; t <= r[1]; t += step) {
      out.add(t);
    }
    return out;
  }

  private double px(double v, double[] r) {
    return LEFT + frac(v, r) * (RIGHT - LEFT);
  }

  private double py(double v, double[] r) {
    return BOTTOM - frac(v, r) * (BOTTOM - TOP);
  }

  private double frac(double v, double[] r) {
    return log ? (Math.log10(v) - Math.log10(r[0])) / (Math.log10(r[1]) - Math.log10(r[0]))
        : (v - r[0]) / (r[1] - r[0]);
  }

  private static double clamp(double v, double[] r) {
    return Math.max(r[0], Math.min(r[1], v));
  }

  private static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e7) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros()
        .toPlainString();
  }
}
