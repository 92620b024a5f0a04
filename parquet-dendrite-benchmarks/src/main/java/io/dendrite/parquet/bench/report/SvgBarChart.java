package io.dendrite.parquet.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A horizontal bar chart of ratios on a log2 axis, written as standalone SVG (no plotting
 * library). Each bar starts at 1.0 and ends at its ratio, so bars to the left are faster than
 * the reference and bars to the right slower; an optional whisker shows the ratio's error and
 * a red tick the bar's target. Bars are grouped under a heading (the JMH parameters).
 */
final class SvgBarChart {
  /** One bar. {@code error} may be NaN; {@code target} may be NaN (none). */
  record Bar(String group, String label, double ratio, double error, double target,
      String color) {}

  private static final int WIDTH = 980;
  private static final int LABEL_WIDTH = 330;
  private static final int PLOT_LEFT = LABEL_WIDTH + 10;
  private static final int PLOT_RIGHT = WIDTH - 90;
  private static final int ROW = 18;
  private static final int GROUP_ROW = 22;
  private static final int TOP = 62;

  private final String title;
  private final String subtitle;
  private final List<Bar> bars = new ArrayList<>();

  SvgBarChart(String title, String subtitle) {
    this.title = title;
    this.subtitle = subtitle;
  }

  void add(Bar bar) {
    if (bar.ratio() > 0 && Double.isFinite(bar.ratio())) {
      bars.add(bar);
    }
  }

  boolean isEmpty() {
    return bars.isEmpty();
  }

  String render() {
    double lo = 0.5;
    double hi = 2;
    for (Bar b : bars) {
      double e = Double.isFinite(b.error()) ? b.error() : 0;
      // Room on the left for the value label of a bar below 1.
      lo = Math.min(lo, Math.max(b.ratio() - e, b.ratio() / 2) / 1.5);
      hi = Math.max(hi, (b.ratio() + e) * 1.2);
      if (Double.isFinite(b.target())) {
        lo = Math.min(lo, b.target());
        hi = Math.max(hi, b.target());
      }
    }
    int loExp = (int) Math.floor(log2(lo));
    int hiExp = (int) Math.ceil(log2(hi));
    Axis axis = new Axis(loExp, hiExp);

    int groups = 0;
    String last = null;
    for (Bar b : bars) {
      if (!b.group().equals(last)) {
        groups++;
        last = b.group();
      }
    }
    int height = TOP + groups * GROUP_ROW + bars.size() * ROW + 40;
    StringBuilder s = new StringBuilder();
    s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
        + "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"Helvetica, Arial, sans-serif\" "
        + "font-size=\"12\">%n", WIDTH, height, WIDTH, height));
    s.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n",
        WIDTH, height));
    s.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"22\" font-size=\"16\" "
        + "font-weight=\"bold\">%s</text>%n", xml(title)));
    s.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"42\" fill=\"#555\">%s</text>%n",
        xml(subtitle)));

    int plotTop = TOP - 8;
    int plotBottom = height - 34;
    for (int e = loExp; e <= hiExp; e++) {
      double x = axis.x(Math.pow(2, e));
      s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
          + "stroke=\"%s\" stroke-width=\"1\"/>%n", x, plotTop, x, plotBottom,
          e == 0 ? "#000" : "#ddd"));
      s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" "
          + "fill=\"#555\">%s</text>%n", x, plotBottom + 16, tick(e)));
    }

    int y = TOP;
    last = null;
    for (Bar b : bars) {
      if (!b.group().equals(last)) {
        s.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\" font-weight=\"bold\">%s"
            + "</text>%n", y + 15, xml(b.group())));
        y += GROUP_ROW;
        last = b.group();
      }
      double x1 = axis.x(1);
      double x2 = axis.x(b.ratio());
      double left = Math.min(x1, x2);
      double w = Math.max(1, Math.abs(x2 - x1));
      s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s"
          + "</text>%n", LABEL_WIDTH, y + 13, xml(b.label())));
      s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
          + "height=\"%d\" fill=\"%s\"/>%n", left, y + 3, w, ROW - 6, b.color()));
      double leftmost = left;
      double rightmost = left + w;
      if (Double.isFinite(b.error()) && b.error() > 0) {
        double ex1 = axis.x(Math.max(b.ratio() - b.error(), Math.pow(2, loExp)));
        double ex2 = axis.x(Math.min(b.ratio() + b.error(), Math.pow(2, hiExp)));
        s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
            + "stroke=\"#222\" stroke-width=\"1\"/>%n", ex1, y + ROW / 2, ex2, y + ROW / 2));
        leftmost = Math.min(leftmost, ex1);
        rightmost = Math.max(rightmost, ex2);
      }
      if (Double.isFinite(b.target())) {
        double tx = axis.x(b.target());
        s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
            + "stroke=\"#d50000\" stroke-width=\"2\"/>%n", tx, y + 1, tx, y + ROW - 1));
        if (b.ratio() >= 1) {
          rightmost = Math.max(rightmost, tx + 1);
        }
      }
      // The value sits beyond the bar's free end: left of bars below 1, right of the others.
      if (b.ratio() < 1) {
        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"end\" "
            + "fill=\"#222\">%s</text>%n", leftmost - 4, y + 13,
            xml(BenchReport.ratio(b.ratio()))));
      } else {
        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" fill=\"#222\">%s"
            + "</text>%n", rightmost + 4, y + 13, xml(BenchReport.ratio(b.ratio()))));
      }
      y += ROW;
    }
    s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"#555\">ratio "
        + "(log scale); red tick = target</text>%n", PLOT_LEFT, height - 4));
    s.append("</svg>\n");
    return s.toString();
  }

  private static String tick(int exp) {
    double v = Math.pow(2, exp);
    return exp >= 0 ? String.format(Locale.ROOT, "%.0fx", v)
        : String.format(Locale.ROOT, "1/%.0fx", 1 / v);
  }

  private static double log2(double v) {
    return Math.log(v) / Math.log(2);
  }

  private record Axis(int loExp, int hiExp) {
    double x(double ratio) {
      double t = (log2(ratio) - loExp) / Math.max(1, hiExp - loExp);
      return PLOT_LEFT + t * (PLOT_RIGHT - PLOT_LEFT);
    }
  }

  static String xml(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
