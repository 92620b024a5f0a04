package io.dendrite.parquet.schema;

import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.path.internal.TextCursor;
import io.dendrite.parquet.schema.FieldType.ListType;
import io.dendrite.parquet.schema.FieldType.MapType;
import io.dendrite.parquet.schema.FieldType.PrimitiveFieldType;
import io.dendrite.parquet.schema.FieldType.StructType;
import io.dendrite.parquet.schema.RecordSchema.Field;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Reads the text form of {@link RecordSchema} (grammar in its class documentation). */
final class RecordSchemaParser {

  static final String TYPE_LIST =
      "boolean, int32, int64, float, double, string, binary, date, timestamp, timestamp_ntz,"
          + " timestamp_nanos, timestamp_ntz_nanos, time, uuid, decimal(P,S), variant, list<T>,"
          + " map<K,V>, struct<...>";

  private final TextCursor cursor;

  private RecordSchemaParser(String text) {
    this.cursor = new TextCursor(text, false);
  }

  static List<Field> parseFields(String text) {
    RecordSchemaParser parser = new RecordSchemaParser(text);
    List<Field> fields = parser.fieldList();
    if (!parser.cursor.atEnd()) {
      throw parser.cursor.error("',' or the end of the schema");
    }
    return fields;
  }

  /** {@code field (',' field)*}, with duplicate names reported where they occur. */
  private List<Field> fieldList() {
    List<Field> fields = new ArrayList<>();
    Set<String> names = new HashSet<>();
    do {
      cursor.skipWhitespace();
      int at = cursor.offset();
      Field f = field();
      if (!names.add(f.name())) {
        throw cursor.errorAt(at, "duplicate field name " + FieldPath.quote(f.name()));
      }
      fields.add(f);
    } while (cursor.tryConsume(','));
    return fields;
  }

  private Field field() {
    String name = cursor.expectName("a field name");
    if (name.isEmpty()) {
      throw cursor.error("a non-empty field name");
    }
    FieldType type = type();
    return new Field(name, type, !notNull());
  }

  /** An optional {@code not null} suffix. */
  private boolean notNull() {
    if (!cursor.tryKeyword("not")) {
      return false;
    }
    cursor.expectKeyword("null");
    return true;
  }

  private FieldType type() {
    cursor.skipWhitespace();
    int at = cursor.offset();
    String word = cursor.tryWord();
    if (word == null) {
      throw cursor.error("a type");
    }
    switch (word.toLowerCase(Locale.ROOT)) {
      case "boolean", "bool":
        return FieldType.bool();
      case "int32", "int":
        return FieldType.int32();
      case "int64", "long", "bigint":
        return FieldType.int64();
      case "float":
        return FieldType.float32();
      case "double":
        return FieldType.float64();
      case "string":
        return FieldType.string();
      case "binary":
        return FieldType.binary();
      case "date":
        return FieldType.date();
      case "timestamp":
        return FieldType.timestamp();
      case "timestamp_ntz":
        return FieldType.timestampNtz();
      case "timestamp_nanos":
        return FieldType.timestampNanos();
      case "timestamp_ntz_nanos":
        return FieldType.timestampNtzNanos();
      case "time":
        return FieldType.time();
      case "uuid":
        return FieldType.uuid();
      case "variant":
        return FieldType.variant();
      case "decimal":
        return decimal();
      case "list":
        return list();
      case "map":
        return map();
      case "struct":
        return struct();
      default:
        throw cursor.errorAt(at, "unknown type \"" + word + "\", expected a type (" + TYPE_LIST + ")");
    }
  }

  private FieldType decimal() {
    return cursor.decimalArguments(FieldType::decimal);
  }

  private FieldType list() {
    cursor.expect('<', "'<' after list");
    FieldType element = type();
    boolean elementNullable = !notNull();
    cursor.expect('>', "'>' to close list<");
    return new ListType(element, elementNullable);
  }

  private FieldType map() {
    cursor.expect('<', "'<' after map");
    cursor.skipWhitespace();
    int keyAt = cursor.offset();
    FieldType key = type();
    notNull(); // keys are never null; saying so is harmless
    if (!(key instanceof PrimitiveFieldType)) {
      throw cursor.errorAt(keyAt, "map keys must be a primitive type, not " + key);
    }
    cursor.expect(',', "',' after the map key type");
    FieldType value = type();
    boolean valueNullable = !notNull();
    cursor.expect('>', "'>' to close map<");
    return new MapType(key, value, valueNullable);
  }

  private FieldType struct() {
    cursor.expect('<', "'<' after struct");
    List<Field> fields = fieldList();
    cursor.expect('>', "',' or '>' to close struct<");
    return new StructType(fields);
  }
}
