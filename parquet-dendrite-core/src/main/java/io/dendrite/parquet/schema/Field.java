package io.dendrite.parquet.schema;

import io.dendrite.parquet.path.FieldPath;

/**
 * A named, typed field of a {@link RecordSchema} or {@link StructType}.
 *
 * <p>{@link #toString()} is its text form: {@code name type} followed by {@code not null}
 * when the field is required, e.g. {@code id int64 not null}, {@code `odd name` string}.
 *
 * @param name the field name (any non-empty string)
 * @param type the field type
 * @param nullable whether the field may be null (Parquet {@code optional}); otherwise
 *     {@code required}
 */
public record Field(String name, FieldType type, boolean nullable) {

  /** Validates name and type. */
  public Field {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("field name must not be empty");
    }
    if (type == null) {
      throw new IllegalArgumentException("field " + FieldPath.quote(name) + " has no type");
    }
  }

  /** A nullable field. */
  public static Field optional(String name, FieldType type) {
    return new Field(name, type, true);
  }

  /** A required (not null) field. */
  public static Field required(String name, FieldType type) {
    return new Field(name, type, false);
  }

  @Override
  public String toString() {
    return FieldPath.quote(name) + " " + type + (nullable ? "" : " not null");
  }
}
