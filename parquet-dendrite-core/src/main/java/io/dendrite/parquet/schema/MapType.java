package io.dendrite.parquet.schema;

/**
 * A map, stored as a Parquet {@code MAP} (LogicalTypes.md, "Maps"). Keys are primitive and
 * never null. Text form: {@code map<string, int64>} or {@code map<string, int64 not null>}.
 *
 * @param key the key type, a {@link PrimitiveFieldType}
 * @param value the value type
 * @param valueNullable whether values may be null
 */
public record MapType(FieldType key, FieldType value, boolean valueNullable) implements FieldType {

  /** Rejects non-primitive keys. */
  public MapType {
    if (key == null || value == null) {
      throw new IllegalArgumentException("a map needs a key and a value type");
    }
    if (!(key instanceof PrimitiveFieldType)) {
      throw new IllegalArgumentException("map keys must be a primitive type, not " + key);
    }
  }

  @Override
  public String toString() {
    return "map<" + key + ", " + value + (valueNullable ? "" : " not null") + ">";
  }
}
