package io.dendrite.parquet.testing;

import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Random shapes of VARIANT columns (objects, arrays, every primitive of the spec) and random
 * values that mostly follow their column's shape, for {@link RandomTables}. A shape reads as a
 * shredding type in {@link io.dendrite.parquet.schema.ShreddedType}'s text form
 * ({@link Shape#shredding()}), so the same shape both makes the values and shreds them; values
 * stray from it at every level (another type, a missing or extra field, a JSON null, an array
 * of a different length), which is what puts values in the residual {@code value} columns.
 */
public final class VariantShapes {
  /**
   * Object keys: plain, non-ASCII, astral, with a dot or a space, and keys whose UTF-8 and
   * UTF-16 orders differ.
   */
  static final String[] KEYS = {"id", "name", "a", "b", "x", "tags", "user", "é", "日本",
      "\uD83D\uDE00", "\uFB00", "odd key", "k.dot", "Z", "when", "n"};

  private VariantShapes() {}

  /** The shape of a variant (sub)value. */
  public sealed interface Shape permits ObjectShape, ArrayShape, PrimitiveShape, AnyShape {
    /** The shape as a shredding type in the text form of ShreddedType. */
    String shredding();
  }

  /** An object with these fields (at least one, in this order). */
  public record ObjectShape(Map<String, Shape> fields) implements Shape {
    @Override
    public String shredding() {
      return fields.entrySet().stream()
          .map(e -> quote(e.getKey()) + ": " + e.getValue().shredding())
          .collect(Collectors.joining(", ", "{", "}"));
    }
  }

  /** An array of elements of one shape. */
  public record ArrayShape(Shape element) implements Shape {
    @Override
    public String shredding() {
      return "[" + element.shredding() + "]";
    }
  }

  /**
   * A primitive, by its name in the shredding text form ({@code int8}, {@code string},
   * {@code decimal}, ...); precision and scale for decimals only.
   */
  public record PrimitiveShape(String kind, int precision, int scale) implements Shape {
    @Override
    public String shredding() {
      return kind.equals("decimal") ? "decimal(" + precision + "," + scale + ")" : kind;
    }
  }

  /** Anything at all (shredded as {@code variant}: a {@code value} column only). */
  public record AnyShape() implements Shape {
    @Override
    public String shredding() {
      return "variant";
    }
  }

  private static final String[] PRIMITIVES = {"boolean", "int8", "int16", "int32", "int64",
      "float", "double", "decimal", "date", "time", "timestamp", "timestamp_ntz",
      "timestamp_nanos", "timestamp_ntz_nanos", "binary", "string", "uuid"};

  /** A random shape for a whole column: mostly an object. */
  public static Shape randomColumnShape(Random r) {
    int roll = r.nextInt(100);
    if (roll < 70) {
      return object(r, 0);
    }
    if (roll < 82) {
      return new ArrayShape(shape(r, 1));
    }
    if (roll < 95) {
      return primitive(r);
    }
    return new AnyShape();
  }

  private static Shape shape(Random r, int depth) {
    int roll = r.nextInt(100);
    if (depth < 3 && roll < 15) {
      return object(r, depth);
    }
    if (depth < 3 && roll < 28) {
      return new ArrayShape(shape(r, depth + 1));
    }
    if (roll < 36) {
      return new AnyShape();
    }
    return primitive(r);
  }

  private static ObjectShape object(Random r, int depth) {
    Map<String, Shape> fields = new LinkedHashMap<>();
    int n = 1 + r.nextInt(depth == 0 ? 6 : 3);
    while (fields.size() < n) {
      fields.putIfAbsent(KEYS[r.nextInt(KEYS.length)], shape(r, depth + 1));
    }
    return new ObjectShape(fields);
  }

  private static PrimitiveShape primitive(Random r) {
    String kind = PRIMITIVES[r.nextInt(PRIMITIVES.length)];
    if (kind.equals("decimal")) {
      int precision = 1 + r.nextInt(38);
      return new PrimitiveShape(kind, precision, r.nextInt(precision + 1));
    }
    return new PrimitiveShape(kind, 0, 0);
  }

  /**
   * A value of roughly this shape: about one value in eight at each level is something else.
   *
   * @param sortedDictionary whether the metadata dictionary is sorted (both are valid)
   */
  public static EncodedVariant value(Random r, Shape shape, boolean sortedDictionary) {
    VariantEncoder e = new VariantEncoder(sortedDictionary);
    write(r, e, shape, 0);
    return e.finish();
  }

  private static void write(Random r, VariantEncoder e, Shape shape, int depth) {
    if (r.nextInt(8) == 0 || shape instanceof AnyShape) {
      any(r, e, depth);
    } else if (shape instanceof ObjectShape o) {
      e.startObject();
      List<String> keys = new ArrayList<>();
      for (Map.Entry<String, Shape> f : o.fields().entrySet()) {
        if (r.nextInt(8) != 0) {
          e.key(f.getKey());
          keys.add(f.getKey());
          write(r, e, f.getValue(), depth + 1);
        }
      }
      int extra = r.nextInt(4) == 0 ? 1 + r.nextInt(2) : 0;
      for (int i = 0; i < extra; i++) {
        String k = KEYS[r.nextInt(KEYS.length)];
        if (!o.fields().containsKey(k) && !keys.contains(k)) {
          e.key(k);
          keys.add(k);
          any(r, e, depth + 1);
        }
      }
      e.endObject();
    } else if (shape instanceof ArrayShape a) {
      e.startArray();
      int n = r.nextInt(10) == 0 ? 0 : r.nextInt(5);
      for (int i = 0; i < n; i++) {
        write(r, e, a.element(), depth + 1);
      }
      e.endArray();
    } else {
      primitive(r, e, (PrimitiveShape) shape);
    }
  }

  private static void primitive(Random r, VariantEncoder e, PrimitiveShape p) {
    switch (p.kind()) {
      case "boolean" -> e.writeBoolean(r.nextBoolean());
      case "int8" -> e.writeInt8((byte) RandomValues.intValue(r));
      case "int16" -> e.writeInt16((short) RandomValues.intValue(r));
      case "int32" -> e.writeInt32(RandomValues.intValue(r));
      case "int64" -> e.writeInt64(RandomValues.longValue(r));
      case "float" -> e.writeFloat(RandomValues.floatValue(r));
      case "double" -> e.writeDouble(RandomValues.doubleValue(r));
      case "decimal" -> decimal(e, RandomValues.unscaled(r, p.precision()), p.precision(),
          p.scale());
      case "date" -> e.writeDate(RandomValues.intValue(r));
      case "time" -> e.writeTime(RandomValues.timeMicros(r));
      case "timestamp" -> e.writeTimestamp(RandomValues.longValue(r));
      case "timestamp_ntz" -> e.writeTimestampNtz(RandomValues.longValue(r));
      case "timestamp_nanos" -> e.writeTimestampNanos(RandomValues.longValue(r));
      case "timestamp_ntz_nanos" -> e.writeTimestampNtzNanos(RandomValues.longValue(r));
      case "binary" -> e.writeBinary(RandomValues.bytes(r));
      case "string" -> e.writeString(RandomValues.string(r));
      case "uuid" -> e.writeUuid(new UUID(r.nextLong(), r.nextLong()));
      default -> throw new IllegalArgumentException(p.kind());
    }
  }

  /** decimal4, decimal8 or decimal16 as the precision says. */
  private static void decimal(VariantEncoder e, BigInteger unscaled, int precision, int scale) {
    if (precision <= 9) {
      e.writeDecimal4(unscaled.intValueExact(), scale);
    } else if (precision <= 18) {
      e.writeDecimal8(unscaled.longValueExact(), scale);
    } else {
      e.writeDecimal16(unscaled, scale);
    }
  }

  /** Any value: every primitive type, JSON null, and objects and arrays while not too deep. */
  private static void any(Random r, VariantEncoder e, int depth) {
    int roll = r.nextInt(depth < 4 ? 22 : 20);
    if (roll < PRIMITIVES.length) {
      String kind = PRIMITIVES[roll];
      if (kind.equals("decimal")) {
        int precision = 1 + r.nextInt(38);
        primitive(r, e, new PrimitiveShape(kind, precision, r.nextInt(precision + 1)));
      } else {
        primitive(r, e, new PrimitiveShape(kind, 0, 0));
      }
    } else if (roll < 19) {
      e.writeNull();
    } else if (roll < 20) {
      e.writeString("");
    } else if (roll < 21) {
      e.startObject();
      int n = r.nextInt(4);
      List<String> keys = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        String k = KEYS[r.nextInt(KEYS.length)];
        if (!keys.contains(k)) {
          keys.add(k);
          e.key(k);
          any(r, e, depth + 1);
        }
      }
      e.endObject();
    } else {
      e.startArray();
      int n = r.nextInt(4);
      for (int i = 0; i < n; i++) {
        any(r, e, depth + 1);
      }
      e.endArray();
    }
  }

  /**
   * Paths (relative, each starting with {@code .} or {@code [}) that reach into values of this
   * shape, and some that miss: every shredded field and a few levels below, array elements in
   * and out of range, keys no value has.
   */
  public static List<String> paths(Shape shape) {
    List<String> out = new ArrayList<>();
    paths(shape, "", 0, out);
    out.add(".nope");
    out.add("[0]");
    return out;
  }

  private static void paths(Shape shape, String prefix, int depth, List<String> out) {
    if (depth > 3) {
      return;
    }
    if (shape instanceof ObjectShape o) {
      for (Map.Entry<String, Shape> f : o.fields().entrySet()) {
        String p = prefix + "." + RandomTables.quotePath(f.getKey());
        out.add(p);
        paths(f.getValue(), p, depth + 1, out);
      }
      // and one key the shape does not name (values sometimes have it as an extra field)
      String other = KEYS[(depth * 7 + prefix.length()) % KEYS.length];
      out.add(prefix + "." + RandomTables.quotePath(other));
    } else if (shape instanceof ArrayShape a) {
      out.add(prefix + "[0]");
      out.add(prefix + "[2]");
      paths(a.element(), prefix + "[1]", depth + 1, out);
    } else if (shape instanceof AnyShape) {
      out.add(prefix + ".a");
      out.add(prefix + "[1]");
    }
  }

  /** A name for the shredding text form: back-quoted, back-quotes doubled. */
  static String quote(String name) {
    return "`" + name.replace("`", "``") + "`";
  }
}
