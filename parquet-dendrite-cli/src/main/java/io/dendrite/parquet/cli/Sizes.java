package io.dendrite.parquet.cli;

import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Byte sizes on the command line ({@code 134217728}, {@code 128m}, {@code 1g}) and in output. */
final class Sizes {
  private Sizes() {}

  /** Parses a byte count with an optional k, m or g suffix (powers of 1024). */
  static long parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.endsWith("b")) {
      t = t.substring(0, t.length() - 1);
    }
    long unit = 1;
    if (!t.isEmpty()) {
      switch (t.charAt(t.length() - 1)) {
        case 'k': unit = 1L << 10; break;
        case 'm': unit = 1L << 20; break;
        case 'g': unit = 1L << 30; break;
        default: break;
      }
    }
    if (unit != 1) {
      t = t.substring(0, t.length() - 1);
    }
    try {
      long n = Long.parseLong(t.trim());
      if (n < 1) {
        throw new TypeConversionException("'" + text + "' is not a positive size");
      }
      return Math.multiplyExact(n, unit);
    } catch (NumberFormatException | ArithmeticException e) {
      throw new TypeConversionException(
          "'" + text + "' is not a size in bytes (examples: 134217728, 128m, 1g)");
    }
  }

  /** A picocli converter for size options. */
  static final class Converter implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      return parse(value);
    }
  }

  /** {@code 532 B}, {@code 12.4 KiB}, {@code 3.1 MiB}, {@code 1.2 GiB}. */
  static String human(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB"};
    double v = bytes;
    int u = -1;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
