package io.dendrite.parquet.read;

import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * Checks that a VARIANT group lists {@code metadata} before {@code value} before
 * {@code typed_value}, recursively. parquet-java assembles records in the file's field order,
 * and reassembly streams on that order; every writer we know of uses it, and a file that does
 * not gets a clear error instead of a wrong value.
 */
final class FieldOrder {
  private FieldOrder() {}

  static void check(GroupType variant, String path) {
    checkGroup(variant, path);
  }

  private static void checkGroup(GroupType g, String path) {
    int metadata = index(g, "metadata");
    int value = index(g, "value");
    int typed = index(g, "typed_value");
    if ((metadata >= 0 && value >= 0 && metadata > value)
        || (metadata >= 0 && typed >= 0 && metadata > typed)
        || (value >= 0 && typed >= 0 && value > typed)) {
      throw new IllegalArgumentException(path + ": unsupported field order " + g.getFields()
          .stream().map(Type::getName).toList()
          + "; expected metadata, value, typed_value");
    }
    if (typed < 0 || g.getType(typed).isPrimitive()) {
      return;
    }
    GroupType t = g.getType(typed).asGroupType();
    if (t.getLogicalTypeAnnotation() != null
        && t.getLogicalTypeAnnotation().toString().startsWith("LIST")) {
      GroupType repeated = t.getType(0).asGroupType();
      checkGroup(repeated.getType(0).asGroupType(), path + "[]");
    } else {
      for (Type field : t.getFields()) {
        checkGroup(field.asGroupType(), path + "." + field.getName());
      }
    }
  }

  private static int index(GroupType g, String name) {
    return g.containsField(name) ? g.getFieldIndex(name) : -1;
  }
}
