package io.dendrite.parquet.bench.format;

import io.dendrite.parquet.bench.dataset.Dataset;
import io.dendrite.parquet.bench.dataset.RecordShape;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.fory.Fory;
import org.apache.fory.config.Language;
import org.apache.fory.memory.MemoryBuffer;

/**
 * Apache Fory, Java mode: the record classes registered (so no class names are written),
 * reference tracking off, generated serializers; one {@link Fory} per thread, as Fory
 * instances are not thread-safe.
 */
final class ForyCodec extends RecordCodec {
  ForyCodec() {
    super("fory");
  }

  private static Fory fory(Dataset<?> dataset) {
    Fory fory = Fory.builder().withLanguage(Language.JAVA).requireClassRegistration(true)
        .withRefTracking(false).withCodegen(true).build();
    Set<Class<?>> classes = new LinkedHashSet<>();
    collect(RecordShape.of(dataset.recordType()), classes);
    int id = 200;
    for (Class<?> c : classes) {
      fory.register(c, id++);
    }
    return fory;
  }

  private static void collect(RecordShape shape, Set<Class<?>> out) {
    if (out.add(shape.type())) {
      for (RecordShape.Slot s : shape.slots()) {
        if (s.record != null) {
          collect(s.record, out);
        }
      }
    }
  }

  @Override
  Encoder encoder(Dataset<?> dataset) {
    Fory fory = fory(dataset);
    MemoryBuffer buffer = MemoryBuffer.newHeapBuffer(4096);
    return (record, out) -> {
      buffer.writerIndex(0);
      fory.serialize(buffer, record);
      out.write(buffer.getHeapMemory(), 0, buffer.writerIndex());
    };
  }

  @Override
  Decoder decoder(Dataset<?> dataset) {
    Fory fory = fory(dataset);
    Class<?> type = dataset.recordType();
    return (bytes, offset, length) ->
        fory.deserialize(MemoryBuffer.fromByteArray(bytes, offset, length), type);
  }
}
