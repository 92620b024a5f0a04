package io.dendrite.parquet.bench.format;

import io.dendrite.parquet.bench.dataset.Dataset;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
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
      List<Class<?>> classes = List.copyOf(classes(d.recordType(),
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

  /** {@code type} and the record classes of its components and their list elements. */
  private static Set<Class<?>> classes(Class<?> type, Set<Class<?>> out) {
    if (out.add(type)) {
      for (RecordComponent c : type.getRecordComponents()) {
        Type t = c.getGenericType();
        Type element = t instanceof ParameterizedType p ? p.getActualTypeArguments()[0] : t;
        if (element instanceof Class<?> k && k.isRecord()) {
          classes(k, out);
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
