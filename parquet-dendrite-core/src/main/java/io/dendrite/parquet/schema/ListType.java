package io.dendrite.parquet.schema;

/**
 * A list, stored as a 3-level Parquet {@code LIST} (LogicalTypes.md, "Lists").
 * Text form: {@code list<string>} (nullable elements) or {@code list<string not null>}.
 *
 * @param element the element type
 * @param elementNullable whether elements may be null
 */
public record ListType(FieldType element, boolean elementNullable) implements FieldType {

  /** Rejects a missing element type. */
  public ListType {
    if (element == null) {
      throw new IllegalArgumentException("a list needs an element type");
    }
  }

  @Override
  public String toString() {
    return "list<" + element + (elementNullable ? "" : " not null") + ">";
  }
}
