package io.dendrite.parquet.write;

import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation.VariantLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * A file schema with its VARIANT groups left unannotated: the same {@code metadata},
 * {@code value} and {@code typed_value} fields in a plain group, for readers that reject the
 * VARIANT annotation ({@link DendriteWriter.Builder#variantAnnotation}). Readers that know
 * variants, ours included, recognise such a group by its fields
 * ({@link io.dendrite.parquet.schema.internal.VariantSchemas#isVariantGroup}).
 */
final class UnannotatedVariants {
  private UnannotatedVariants() {}

  /** {@code schema} with every VARIANT annotation removed, at any depth; nothing else changes. */
  static MessageType of(MessageType schema) {
    return new MessageType(schema.getName(), fields(schema));
  }

  private static List<Type> fields(GroupType group) {
    List<Type> out = new ArrayList<>(group.getFieldCount());
    for (Type f : group.getFields()) {
      out.add(f.isPrimitive() ? f : unannotated(f.asGroupType()));
    }
    return out;
  }

  /** Variants nest in structs, lists and maps of the record schema: walk every group. */
  private static GroupType unannotated(GroupType group) {
    List<Type> fields = fields(group);
    if (!(group.getLogicalTypeAnnotation() instanceof VariantLogicalTypeAnnotation)) {
      return group.withNewFields(fields);
    }
    Types.GroupBuilder<GroupType> plain = Types.buildGroup(group.getRepetition());
    for (Type f : fields) {
      plain.addField(f);
    }
    if (group.getId() != null) {
      plain.id(group.getId().intValue());
    }
    return plain.named(group.getName());
  }
}
