package io.dendrite.parquet.schema;

import io.dendrite.parquet.path.FieldPath;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A struct: an ordered list of uniquely named fields, stored as a Parquet group.
 * Text form: {@code struct<city string, zip int32 not null>}.
 *
 * @param fields the fields in order; at least one (Parquet has no empty groups)
 */
public record StructType(List<Field> fields) implements FieldType {

  /** Copies the fields and rejects empty structs and duplicate names. */
  public StructType {
    fields = checkFields(fields, "a struct");
  }

  static List<Field> checkFields(List<Field> fields, String what) {
    if (fields == null || fields.isEmpty()) {
      throw new IllegalArgumentException(what + " needs at least one field");
    }
    List<Field> copy = List.copyOf(fields);
    Set<String> seen = new HashSet<>();
    for (Field f : copy) {
      if (!seen.add(f.name())) {
        throw new IllegalArgumentException("duplicate field name " + FieldPath.quote(f.name()));
      }
    }
    return copy;
  }

  /** The field called {@code name}, or null. */
  public Field field(String name) {
    for (Field f : fields) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    return null;
  }

  @Override
  public String toString() {
    return fields.stream().map(Field::toString).collect(Collectors.joining(", ", "struct<", ">"));
  }
}
