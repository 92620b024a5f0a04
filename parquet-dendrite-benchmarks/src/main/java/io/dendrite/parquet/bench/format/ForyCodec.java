package io.dendrite.parquet.bench.format;

import io.dendrite.parquet.bench.dataset.Dataset;
import io.dendrite.parquet.bench.dataset.RecordShape;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.fory.Fory;
import org.apache.fory.ThreadSafeFory;
import org.apache.fory.config.Language;
import org.apache.fory.memory.MemoryBuffer;

/**
 * Apache Fory, Java mode: the record classes registered (so no class names are written),
 * reference tracking off, generated serializers. As Fory recommends, one long-lived
 * thread-safe instance per dataset (a pool of {@link Fory}s) serves every reader and thread.
 */
final class ForyCodec extends RecordCodec {
  private static final Map<Dataset<?>, ThreadSafeFory> FORY = new ConcurrentHashMap<>();

  ForyCodec() {
    super("fory");
  }

  private static ThreadSafeFory fory(Dataset<?> dataset) {
    return FORY.computeIfAbsent(dataset, d -> {
      List<Class<?>> classes = List.copyOf(classes(RecordShape.of(d.recordType()),
          new LinkedHashSet<>()));
      ThreadSafeFory fory = Fory.builder().withLanguage(Language.JAVA)
          .requireClassRegistration(true).withRefTracking(false).withCodegen(true)
          .buildThreadSafeForyPool(DatasetFormats.threads() + 1);
      fory.registerCallback(f -> {
        int id = 200;
        for (Class<?> c : classes) {
          f.register(c, id++);
        }
      });
      return fory;
    });
  }

  private static Set<Class<?>> classes(RecordShape shape, Set<Class<?>> out) {
    if (out.add(shape.type())) {
      for (RecordShape.Slot s : shape.slots()) {
        if (s.record != null) {
          classes(s.record, out);
        }
      }
    }
    return out;
  }

  @Override
  Encoder encoder(Dataset<?> dataset) {
    ThreadSafeFory fory = fory(dataset);
    MemoryBuffer buffer = MemoryBuffer.newHeapBuffer(4096);
    return (record, out) -> {
      buffer.writerIndex(0);
      fory.serialize(buffer, record);
      out.write(buffer.getHeapMemory(), 0, buffer.writerIndex());
    };
  }

  @Override
  Decoder decoder(Dataset<?> dataset) {
    ThreadSafeFory fory = fory(dataset);
    Class<?> type = dataset.recordType();
    return (bytes, offset, length) ->
        fory.deserialize(MemoryBuffer.fromByteArray(bytes, offset, length), type);
  }
}
