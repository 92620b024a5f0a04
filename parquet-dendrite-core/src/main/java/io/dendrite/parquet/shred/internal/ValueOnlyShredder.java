package io.dendrite.parquet.shred.internal;

import com.fasterxml.jackson.core.JsonParser;
import io.dendrite.parquet.variant.VariantMetadata;
import java.io.IOException;
import org.apache.parquet.io.api.RecordConsumer;

/** A path kept as variant binary only: every value goes to {@code value}. */
final class ValueOnlyShredder extends Shredder {

  ValueOnlyShredder(int valueIndex, PathCounter counter, int depth) {
    super(valueIndex, -1, counter, depth);
  }

  @Override
  void write(RecordConsumer rc, FieldGroups g, VariantMetadata m, byte[] v, int pos) {
    writeResidual(rc, v, pos);
  }

  @Override
  void writeJson(RecordConsumer rc, JsonParser p, JsonParts parts) throws IOException {
    writeJsonResidual(rc, p, parts);
  }
}
