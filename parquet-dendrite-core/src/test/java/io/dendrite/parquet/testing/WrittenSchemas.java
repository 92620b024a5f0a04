package io.dendrite.parquet.testing;

import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.ColumnOrder;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * Expected Parquet schemas of files we write, from parquet-java's schema text. The text has no
 * column orders, and parquet-java's parser gives FLOAT and DOUBLE its default
 * IEEE_754_TOTAL_ORDER, while our writer declares them in TYPE_DEFINED_ORDER for older readers
 * ({@code FloatingPointColumns}); parquet-java's schema equality compares the orders.
 */
public final class WrittenSchemas {
  private WrittenSchemas() {}

  /** The schema {@code text} parses to, FLOAT and DOUBLE in the type-defined order. */
  public static MessageType parse(String text) {
    MessageType parsed = MessageTypeParser.parseMessageType(text);
    return new MessageType(parsed.getName(), fields(parsed));
  }

  private static List<Type> fields(GroupType group) {
    List<Type> out = new ArrayList<>();
    for (Type t : group.getFields()) {
      out.add(t.isPrimitive() ? primitive(t.asPrimitiveType())
          : t.asGroupType().withNewFields(fields(t.asGroupType())));
    }
    return out;
  }

  private static Type primitive(PrimitiveType p) {
    PrimitiveTypeName name = p.getPrimitiveTypeName();
    if (name != PrimitiveTypeName.FLOAT && name != PrimitiveTypeName.DOUBLE) {
      return p;
    }
    Types.PrimitiveBuilder<PrimitiveType> b = Types.primitive(name, p.getRepetition())
        .as(p.getLogicalTypeAnnotation()).columnOrder(ColumnOrder.typeDefined());
    if (p.getId() != null) {
      b.id(p.getId().intValue());
    }
    return b.named(p.getName());
  }
}
