package io.dendrite.parquet.testing;

import io.dendrite.parquet.testing.ParquetJavaRows.Reassembled;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.VariantArrays;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantJava;
import io.dendrite.parquet.variant.internal.VariantObjects;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Compares the Java values of rows read by two readers (or written and read), and navigates a
 * read row along a selection path, for the differential read tests.
 *
 * <p>Values are equal when they have the same class and: byte arrays the same bytes; floats
 * and doubles the same bits (NaN equals NaN, 0.0 differs from -0.0, as {@link Double#equals});
 * BigDecimals the same value and scale; maps (structs and MAPs) the same entries in the same
 * order; lists the same elements. Variants, by what the expected side is:
 * <ul>
 *   <li>a {@link VariantValue}: logically equal ({@link VariantValue#equals}: same types);
 *   <li>an {@link EncodedVariant} (what a writer was given): the same JSON text; or, against
 *       parquet-java's reassembly (whose object fields may come in another order), equal with
 *       exact numerics compared by value alone (the spec's equivalence class: a writer may
 *       shred int8 5 into an int64 column);
 *   <li>a {@link Reassembled} (parquet-java's reassembly of a shredded variant): decimals by
 *       unscaled value and scale whatever their width (parquet-java picks decimal4, 8 or 16 by
 *       the value's precision, not the column's), every other primitive by type and value,
 *       objects by key set (read by field index, so an object whose fields are stored out of
 *       order still compares), arrays element by element.
 * </ul>
 */
public final class JavaValues {
  /** The value of a path that does not exist in a variant (not the same as a JSON null). */
  public static final Object MISSING = new Object() {
    @Override
    public String toString() {
      return "MISSING";
    }
  };

  private JavaValues() {}

  /** Null when equal, else where and how the two differ. */
  public static String difference(Object expected, Object actual) {
    return difference(expected, actual, "");
  }

  private static String difference(Object expected, Object actual, String at) {
    if (expected == null || actual == null || expected == MISSING || actual == MISSING) {
      return expected == actual ? null : differ(at, expected, actual);
    }
    if (expected instanceof EncodedVariant e && actual instanceof Reassembled r) {
      return differentForms(at, e.toJson(), actual, equivalenceForm(VariantValue.of(e), true),
          equivalenceForm(r.value(), true));
    }
    if (expected instanceof Reassembled r) {
      if (!(actual instanceof VariantValue v)) {
        return differ(at, expected, actual);
      }
      return differentForms(at, expected, actual, equivalenceForm(r.value(), false),
          equivalenceForm(v, false));
    }
    if (expected instanceof EncodedVariant e) {
      return actual instanceof VariantValue v && e.toJson().equals(v.toJson())
          ? null : differ(at, e.toJson(), actual);
    }
    if (expected.getClass() != actual.getClass()
        && !(expected instanceof Map && actual instanceof Map)
        && !(expected instanceof List && actual instanceof List)) {
      return differ(at, expected, actual);
    }
    if (expected instanceof byte[] b) {
      return Arrays.equals(b, (byte[]) actual) ? null : differ(at, expected, actual);
    }
    if (expected instanceof Map<?, ?> m) {
      Map<?, ?> a = (Map<?, ?>) actual;
      if (m.size() != a.size()) {
        return differ(at, expected, actual) + " (keys " + show(m.keySet()) + " vs "
            + show(a.keySet()) + ")";
      }
      Iterator<? extends Map.Entry<?, ?>> ai = a.entrySet().iterator();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        Map.Entry<?, ?> o = ai.next();
        String d = difference(e.getKey(), o.getKey(), at + "{key}");
        if (d != null) {
          return d;
        }
        d = difference(e.getValue(), o.getValue(),
            at + "." + (e.getKey() instanceof String k ? k : "{" + show(e.getKey()) + "}"));
        if (d != null) {
          return d;
        }
      }
      return null;
    }
    if (expected instanceof List<?> l) {
      List<?> a = (List<?>) actual;
      if (l.size() != a.size()) {
        return differ(at, expected, actual) + " (sizes " + l.size() + " vs " + a.size() + ")";
      }
      for (int i = 0; i < l.size(); i++) {
        String d = difference(l.get(i), a.get(i), at + "[" + i + "]");
        if (d != null) {
          return d;
        }
      }
      return null;
    }
    return expected.equals(actual) ? null : differ(at, expected, actual);
  }

  /** Null when the compared forms are equal, else the values and their forms (types shown). */
  private static String differentForms(String at, Object expected, Object actual,
      Object expectedForm, Object actualForm) {
    if (Objects.equals(expectedForm, actualForm)) {
      return null;
    }
    String forms = expectedForm + " vs " + actualForm;
    return differ(at, expected, actual) + "; compared as "
        + (forms.length() > 3000 ? forms.substring(0, 3000) + "..." : forms);
  }

  private static String differ(String at, Object expected, Object actual) {
    return (at.isEmpty() ? "" : "at " + at + ": ") + "expected " + show(expected) + " but was "
        + show(actual);
  }

  /** A value for messages: bytes in hex, classes named for scalars. */
  public static String show(Object v) {
    if (v == null || v == MISSING) {
      return String.valueOf(v);
    }
    if (v instanceof byte[] b) {
      return "byte[" + b.length + "] " + HexFormat.of().formatHex(b, 0, Math.min(b.length, 64))
          + (b.length > 64 ? "..." : "");
    }
    if (v instanceof VariantValue || v instanceof Reassembled || v instanceof EncodedVariant) {
      String json = v instanceof EncodedVariant e ? e.toJson() : v.toString();
      return "variant " + (json.length() > 2000 ? json.substring(0, 2000) + "..." : json);
    }
    if (v instanceof Map<?, ?> m) {
      List<String> parts = new ArrayList<>();
      m.forEach((k, x) -> parts.add(show(k) + "=" + show(x)));
      return "{" + String.join(", ", parts) + "}";
    }
    if (v instanceof Iterable<?> l) {
      List<String> parts = new ArrayList<>();
      l.forEach(x -> parts.add(show(x)));
      return "[" + String.join(", ", parts) + "]";
    }
    String text = v.toString();
    if (text.length() > 300) {
      text = text.substring(0, 300) + "... (" + text.length() + " chars)";
    }
    return v.getClass().getSimpleName() + " " + text;
  }

  /**
   * A variant reduced to what the comparison looks at (see the class description); with
   * {@code byNumericValue} exact numerics (int8..int64, decimal4/8/16) compare by value alone,
   * as the spec's equivalence class does.
   */
  private static Object equivalenceForm(VariantValue v, boolean byNumericValue) {
    return equivalenceForm(v.metadata(), v.valueBytes(), v.pos(), byNumericValue);
  }

  private static Object equivalenceForm(VariantMetadata m, byte[] v, int pos,
      boolean byNumericValue) {
    VariantType type = VariantBinary.type(v, pos);
    switch (type) {
      case OBJECT: {
        Map<String, Object> out = new HashMap<>();
        for (int i = 0; i < VariantObjects.size(v, pos); i++) {
          out.put(VariantObjects.fieldKey(m, v, pos, i),
              equivalenceForm(m, v, VariantObjects.fieldValuePos(v, pos, i), byNumericValue));
        }
        return out;
      }
      case ARRAY: {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < VariantArrays.size(v, pos); i++) {
          out.add(equivalenceForm(m, v, VariantArrays.elementPos(v, pos, i),
              byNumericValue));
        }
        return out;
      }
      case DECIMAL4: case DECIMAL8: case DECIMAL16: {
        // Decoded by hand: parquet-java 1.18.1 writes decimal4 with scales above 9 (it checks
        // only the precision), which this library's accessors reject as invalid.
        int width = type == VariantType.DECIMAL4 ? 4 : type == VariantType.DECIMAL8 ? 8 : 16;
        byte[] bigEndian = new byte[width];
        for (int i = 0; i < width; i++) {
          bigEndian[i] = v[pos + 1 + width - i];
        }
        BigDecimal d = new BigDecimal(new BigInteger(bigEndian), v[pos + 1] & 0xff);
        return byNumericValue ? List.of("exact", d.stripTrailingZeros()) : List.of("decimal", d);
      }
      case INT8: case INT16: case INT32: case INT64:
        if (byNumericValue) {
          return List.of("exact", BigDecimal.valueOf(VariantBinary.getLong(v, pos)));
        }
        return List.of(type.name(), VariantBinary.getLong(v, pos));
      default: {
        Object java = VariantJava.toJava(m, v, pos);
        return Arrays.asList(type.name(),
            java instanceof byte[] b ? ByteBuffer.wrap(b) : String.valueOf(java));
      }
    }
  }

  // ================================================================== navigation

  /** What a selection path finds in a row: a value (or null) and whether it is missing. */
  public record Found(Object value, boolean missing) {}

  /**
   * Follows a selection path in a row read whole (column name to value): struct fields, MAP
   * keys (matched by their text), list indexes, and object keys and array indexes inside a
   * variant. A step from null gives null; a step a variant does not have gives a missing value;
   * a step a struct, list or map does not have gives null.
   */
  public static Found navigate(Map<String, Object> row, String path) {
    List<Object> steps = steps(path);
    Object v = row.get((String) steps.get(0));
    for (Object step : steps.subList(1, steps.size())) {
      if (v == null) {
        return new Found(null, false);
      }
      if (v instanceof VariantValue variant) {
        VariantValue next = stepInto(variant, step);
        if (next == null) {
          return new Found(null, true);
        }
        v = next;
      } else if (v instanceof List<?> list) {
        v = step instanceof Integer i && i < list.size() ? list.get(i) : null;
      } else if (v instanceof Map<?, ?> map) {
        v = step instanceof String key ? mapValue(map, key) : null;
      } else {
        v = null;
      }
    }
    return new Found(v, false);
  }

  private static VariantValue stepInto(VariantValue v, Object step) {
    if (step instanceof Integer i) {
      return v.type() == VariantType.ARRAY && i < v.arraySize() ? v.element(i) : null;
    }
    return v.type() == VariantType.OBJECT ? v.field((String) step) : null;
  }

  private static Object mapValue(Map<?, ?> map, String key) {
    for (Map.Entry<?, ?> e : map.entrySet()) {
      if (!(e.getKey() instanceof byte[]) && String.valueOf(e.getKey()).equals(key)) {
        return e.getValue();
      }
    }
    return null;
  }

  /** A path's steps: names (Strings) and indexes (Integers); names may be back-quoted. */
  static List<Object> steps(String path) {
    List<Object> out = new ArrayList<>();
    int i = 0;
    while (i < path.length()) {
      char c = path.charAt(i);
      if (c == '.') {
        i++;
      } else if (c == '[') {
        int close = path.indexOf(']', i);
        out.add(Integer.parseInt(path.substring(i + 1, close)));
        i = close + 1;
      } else if (c == '`') {
        StringBuilder name = new StringBuilder();
        int j = i + 1;
        while (path.charAt(j) != '`' || (j + 1 < path.length() && path.charAt(j + 1) == '`')) {
          if (path.charAt(j) == '`') {
            j++;
          }
          name.append(path.charAt(j++));
        }
        out.add(name.toString());
        i = j + 1;
      } else {
        int j = i;
        while (j < path.length() && path.charAt(j) != '.' && path.charAt(j) != '[') {
          j++;
        }
        out.add(path.substring(i, j));
        i = j;
      }
    }
    return out;
  }
}
