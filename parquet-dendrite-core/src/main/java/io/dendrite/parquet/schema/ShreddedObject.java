package io.dendrite.parquet.schema;

import io.dendrite.parquet.path.FieldPath;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A value shredded as an object whose named fields are shredded in turn
 * (VariantShredding.md, "Objects"): {@code typed_value} is a group holding, for each field, a
 * required group with {@code value} and {@code typed_value}. Fields not named here stay in the
 * object's {@code value}. Text form: {@code {name: type, other: type}}.
 *
 * <p>Field order is kept (it is the Parquet column order) and is significant for
 * {@link #equals}, matching {@link #toString()}.
 *
 * @param fields the shredded fields by name, in order; unmodifiable
 */
public record ShreddedObject(Map<String, ShreddedType> fields) implements ShreddedType {

  /** Copies the fields, keeping their order. */
  public ShreddedObject {
    if (fields == null) {
      throw new IllegalArgumentException("fields must not be null");
    }
    Map<String, ShreddedType> copy = new LinkedHashMap<>();
    for (Map.Entry<String, ShreddedType> e : fields.entrySet()) {
      if (e.getKey() == null || e.getValue() == null) {
        throw new IllegalArgumentException("shredded object fields need a name and a type");
      }
      copy.put(e.getKey(), e.getValue());
    }
    fields = Collections.unmodifiableMap(copy);
  }

  /** A builder that adds fields in order and rejects duplicates. */
  public static Builder builder() {
    return new Builder();
  }

  /** How field {@code name} is shredded, or null if it is not. */
  public ShreddedType field(String name) {
    return fields.get(name);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ShreddedObject other && entries().equals(other.entries());
  }

  @Override
  public int hashCode() {
    return entries().hashCode();
  }

  private List<Map.Entry<String, ShreddedType>> entries() {
    return new ArrayList<>(fields.entrySet());
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    for (Map.Entry<String, ShreddedType> e : fields.entrySet()) {
      if (sb.length() > 1) {
        sb.append(", ");
      }
      sb.append(FieldPath.quote(e.getKey())).append(": ").append(e.getValue());
    }
    return sb.append('}').toString();
  }

  /** Builds a {@link ShreddedObject} field by field. */
  public static final class Builder {

    private final Map<String, ShreddedType> fields = new LinkedHashMap<>();

    private Builder() {}

    /** Adds a field; names must be unique. */
    public Builder field(String name, ShreddedType type) {
      if (name == null || type == null) {
        throw new IllegalArgumentException("shredded object fields need a name and a type");
      }
      if (fields.putIfAbsent(name, type) != null) {
        throw new IllegalArgumentException("duplicate field name " + FieldPath.quote(name));
      }
      return this;
    }

    /** The object of the fields added. */
    public ShreddedObject build() {
      return new ShreddedObject(fields);
    }
  }
}
