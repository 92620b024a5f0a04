package io.dendrite.parquet.shred.internal;

import static io.dendrite.parquet.schema.internal.VariantSchemas.TYPED_VALUE;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.internal.VariantArrays;
import io.dendrite.parquet.variant.internal.VariantBinary;
import java.io.IOException;
import java.util.List;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * A path shredded as an array (VariantShredding.md, "Arrays"): a 3-level LIST whose required
 * {@code element} groups each hold one element's {@code value} / {@code typed_value}. A
 * non-array value goes to {@code value}.
 */
final class ArrayShredder extends Shredder {
  private static final String LIST = "list";
  private static final String ELEMENT = "element";

  private final Shredder element;

  ArrayShredder(Shredder element, int valueIndex, int typedIndex, PathCounter counter,
      int depth) {
    super(valueIndex, typedIndex, counter, depth);
    this.element = element;
  }

  @Override
  void write(RecordConsumer rc, FieldGroups g, VariantMetadata m, byte[] v, int pos) {
    if (VariantBinary.type(v, pos) != VariantType.ARRAY) {
      writeResidual(rc, v, pos);
      return;
    }
    int n = VariantArrays.size(v, pos);
    rc.startField(TYPED_VALUE, typedIndex);
    rc.startGroup();
    if (n > 0) {
      rc.startField(LIST, 0);
      for (int i = 0; i < n; i++) {
        int at = VariantArrays.elementPos(v, pos, i);
        if (g != null && element.writeGroup(g, FieldGroups.ELEMENT, v, at)) {
          continue;
        }
        openElement(rc);
        element.write(rc, g, m, v, at);
        closeElement(rc);
      }
      rc.endField(LIST, 0);
    }
    rc.endGroup();
    rc.endField(TYPED_VALUE, typedIndex);
    counter.typed++;
  }

  @Override
  void writeJson(RecordConsumer rc, JsonParser p, JsonParts parts) throws IOException {
    if (p.currentToken() != JsonToken.START_ARRAY) {
      writeJsonResidual(rc, p, parts);
      return;
    }
    FieldGroups groups = parts.groups;
    rc.startField(TYPED_VALUE, typedIndex);
    rc.startGroup();
    boolean any = false;
    while (p.nextToken() != JsonToken.END_ARRAY) {
      if (!any) {
        rc.startField(LIST, 0);
        any = true;
      }
      if (groups != null && element.writeGroupToken(groups, FieldGroups.ELEMENT, p)) {
        continue;
      }
      openElement(rc);
      element.writeJson(rc, p, parts);
      closeElement(rc);
    }
    if (any) {
      rc.endField(LIST, 0);
    }
    rc.endGroup();
    rc.endField(TYPED_VALUE, typedIndex);
    counter.typed++;
  }

  /** A list as {@link #writeJson} writes a JSON array; any other value encoded first. */
  @Override
  void writeJava(RecordConsumer rc, Object v, JsonParts parts) {
    if (!(v instanceof List)) {
      super.writeJava(rc, v, parts);
      return;
    }
    FieldGroups groups = parts.groups;
    rc.startField(TYPED_VALUE, typedIndex);
    rc.startGroup();
    List<?> list = (List<?>) v;
    if (!list.isEmpty()) {
      rc.startField(LIST, 0);
      for (Object e : list) {
        if (groups != null && element.writeGroupJava(groups, FieldGroups.ELEMENT, e)) {
          continue;
        }
        openElement(rc);
        element.writeJava(rc, e, parts);
        closeElement(rc);
      }
      rc.endField(LIST, 0);
    }
    rc.endGroup();
    rc.endField(TYPED_VALUE, typedIndex);
    counter.typed++;
  }

  /** Starts an element: its repeated group, the {@code element} field and its group. */
  private static void openElement(RecordConsumer rc) {
    rc.startGroup();
    rc.startField(ELEMENT, 0);
    rc.startGroup();
  }

  private static void closeElement(RecordConsumer rc) {
    rc.endGroup();
    rc.endField(ELEMENT, 0);
    rc.endGroup();
  }
}
