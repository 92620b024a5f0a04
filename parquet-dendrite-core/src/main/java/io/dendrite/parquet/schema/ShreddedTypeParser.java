package io.dendrite.parquet.schema;

import io.dendrite.parquet.path.internal.TextCursor;
import io.dendrite.parquet.schema.ShreddedType.ShreddedArray;
import io.dendrite.parquet.schema.ShreddedType.ShreddedObject;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.ShreddedType.ValueOnly;
import java.util.Locale;

/** Reads the text form of {@link ShreddedType} (grammar in its class documentation). */
final class ShreddedTypeParser {

  static final String TYPE_LIST =
      "boolean, int8, int16, int32, int64, float, double, decimal(P,S), date, time, timestamp,"
          + " timestamp_ntz, timestamp_nanos, timestamp_ntz_nanos, binary, string, uuid,"
          + " variant, {...}, [...]";

  private final TextCursor cursor;

  ShreddedTypeParser(TextCursor cursor) {
    this.cursor = cursor;
  }

  static ShreddedType parse(String text) {
    TextCursor cursor = new TextCursor(text, false);
    ShreddedType type = new ShreddedTypeParser(cursor).type();
    if (!cursor.atEnd()) {
      throw cursor.error("the end of the type");
    }
    return type;
  }

  /** Reads one type; leaves the cursor just after it (trailing whitespace unread). */
  ShreddedType type() {
    if (cursor.tryConsume('{')) {
      return object();
    }
    if (cursor.tryConsume('[')) {
      ShreddedType element = type();
      cursor.expect(']', "']' to close the array");
      return new ShreddedArray(element);
    }
    cursor.skipWhitespace();
    int at = cursor.offset();
    String word = cursor.tryWord();
    if (word == null) {
      throw cursor.error("a shredded type");
    }
    switch (word.toLowerCase(Locale.ROOT)) {
      case "boolean", "bool":
        return ShreddedType.bool();
      case "int8":
        return ShreddedType.int8();
      case "int16":
        return ShreddedType.int16();
      case "int32", "int":
        return ShreddedType.int32();
      case "int64", "long", "bigint":
        return ShreddedType.int64();
      case "float":
        return ShreddedType.float32();
      case "double":
        return ShreddedType.float64();
      case "decimal":
        return decimal();
      case "date":
        return ShreddedType.date();
      case "time":
        return ShreddedType.time();
      case "timestamp":
        return ShreddedType.timestamp();
      case "timestamp_ntz":
        return ShreddedType.timestampNtz();
      case "timestamp_nanos":
        return ShreddedType.timestampNanos();
      case "timestamp_ntz_nanos":
        return ShreddedType.timestampNtzNanos();
      case "binary":
        return ShreddedType.binary();
      case "string":
        return ShreddedType.string();
      case "uuid":
        return ShreddedType.uuid();
      case "variant":
        return ValueOnly.INSTANCE;
      default:
        throw cursor.errorAt(at,
            "unknown shredded type \"" + word + "\", expected a shredded type (" + TYPE_LIST + ")");
    }
  }

  private ShreddedType decimal() {
    return cursor.decimalArguments(ShreddedPrimitive::decimal);
  }

  /** After '{': {@code [name ':' type (',' name ':' type)*] '}'}. */
  private ShreddedType object() {
    ShreddedObject.Builder builder = ShreddedObject.builder();
    if (cursor.tryConsume('}')) {
      return builder.build();
    }
    do {
      cursor.skipWhitespace();
      int at = cursor.offset();
      String name = cursor.expectName("a field name");
      cursor.expect(':', "':' after the field name");
      ShreddedType type = type();
      try {
        builder.field(name, type);
      } catch (IllegalArgumentException e) {
        throw cursor.errorAt(at, e.getMessage());
      }
    } while (cursor.tryConsume(','));
    cursor.expect('}', "',' or '}'");
    return builder.build();
  }
}
