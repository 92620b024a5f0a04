package io.dendrite.parquet.bench.baseline;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.variant.ImmutableMetadata;
import org.apache.parquet.variant.Variant;
import org.apache.parquet.variant.VariantBuilder;
import org.apache.parquet.variant.VariantConverters;

/**
 * Minimal parquet-java {@link ReadSupport}s for the projection suite: plain columns (the read
 * floor) and records whose {@code nested} VARIANT is reassembled by parquet-java's
 * {@link VariantConverters}, with either the file schema or a requested (lean) schema.
 */
public final class RecordReadSupports {
  private RecordReadSupports() {}

  /** One row of the plain-column floor file. */
  public record PlainRow(long id, String category, String varcategory) {}

  /** One row as parquet-java reassembles it; {@code nested} is null when the column is null. */
  public record VariantRow(long id, String category, Variant nested) {}

  private abstract static class Base<T> extends ReadSupport<T> {
    private final MessageType requested;

    Base(MessageType requested) {
      this.requested = requested;
    }

    @Override
    public ReadContext init(InitContext context) {
      return new ReadContext(requested == null ? context.getFileSchema() : requested);
    }

    @Override
    @SuppressWarnings("deprecation") // abstract in parquet-java 1.18.1
    public RecordMaterializer<T> prepareForRead(Configuration conf, Map<String, String> meta,
        MessageType fileSchema, ReadContext context) {
      return materializer(context.getRequestedSchema());
    }

    @Override
    public RecordMaterializer<T> prepareForRead(ParquetConfiguration conf,
        Map<String, String> meta, MessageType fileSchema, ReadContext context) {
      return materializer(context.getRequestedSchema());
    }

    abstract RecordMaterializer<T> materializer(MessageType schema);
  }

  /** Reads {@code id int64, category string, varcategory string} as plain columns. */
  public static final class PlainColumns extends Base<PlainRow> {
    public PlainColumns() {
      super(null);
    }

    @Override
    RecordMaterializer<PlainRow> materializer(MessageType schema) {
      PlainRoot root = new PlainRoot(schema);
      return new RecordMaterializer<>() {
        @Override
        public PlainRow getCurrentRecord() {
          return new PlainRow(root.id, root.category, root.varcategory);
        }

        @Override
        public GroupConverter getRootConverter() {
          return root;
        }
      };
    }
  }

  private static final class PlainRoot extends GroupConverter {
    private final Converter[] converters;
    long id;
    String category;
    String varcategory;

    PlainRoot(MessageType schema) {
      converters = new Converter[schema.getFieldCount()];
      for (int i = 0; i < converters.length; i++) {
        switch (schema.getFieldName(i)) {
          case "id" -> converters[i] = new PrimitiveConverter() {
            @Override
            public void addLong(long value) {
              id = value;
            }
          };
          case "category" -> converters[i] = new PrimitiveConverter() {
            @Override
            public void addBinary(Binary value) {
              category = value.toStringUsingUTF8();
            }
          };
          case "varcategory" -> converters[i] = new PrimitiveConverter() {
            @Override
            public void addBinary(Binary value) {
              varcategory = value.toStringUsingUTF8();
            }
          };
          default -> throw new IllegalArgumentException("unexpected column "
              + schema.getFieldName(i));
        }
      }
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return converters[fieldIndex];
    }

    @Override
    public void start() {
      category = null;
      varcategory = null;
    }

    @Override
    public void end() {}
  }

  /**
   * Reads {@code id}, {@code category} and the {@code nested} VARIANT, reassembled by
   * {@link VariantConverters} from whatever the requested schema holds of it.
   */
  public static final class VariantRecords extends Base<VariantRow> {
    /** @param requested the schema to request, or null for the file's own */
    public VariantRecords(MessageType requested) {
      super(requested);
    }

    @Override
    RecordMaterializer<VariantRow> materializer(MessageType schema) {
      VariantRoot root = new VariantRoot(schema);
      return new RecordMaterializer<>() {
        @Override
        public VariantRow getCurrentRecord() {
          return new VariantRow(root.id, root.category, root.nested.current);
        }

        @Override
        public GroupConverter getRootConverter() {
          return root;
        }
      };
    }
  }

  private static final class VariantRoot extends GroupConverter {
    private final Converter[] converters;
    final VariantColumn nested;
    long id;
    String category;

    VariantRoot(MessageType schema) {
      converters = new Converter[schema.getFieldCount()];
      VariantColumn variant = null;
      for (int i = 0; i < converters.length; i++) {
        Type t = schema.getType(i);
        switch (t.getName()) {
          case "id" -> converters[i] = new PrimitiveConverter() {
            @Override
            public void addLong(long value) {
              id = value;
            }
          };
          case "category" -> converters[i] = new PrimitiveConverter() {
            @Override
            public void addBinary(Binary value) {
              category = value.toStringUsingUTF8();
            }
          };
          case "nested" -> {
            variant = new VariantColumn(t.asGroupType());
            converters[i] = variant;
          }
          default -> throw new IllegalArgumentException("unexpected column " + t.getName());
        }
      }
      if (variant == null) {
        throw new IllegalArgumentException("no nested column in " + schema);
      }
      nested = variant;
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return converters[fieldIndex];
    }

    @Override
    public void start() {
      category = null;
      nested.current = null; // stays null when the group is null in this row
    }

    @Override
    public void end() {}
  }

  /**
   * Adapts {@link VariantConverters}: the row's metadata arrives through the consumer and
   * seeds a {@link VariantBuilder}, the converters append the value to it, and the group's end
   * builds the row's {@link Variant}.
   */
  private static final class VariantColumn extends GroupConverter
      implements VariantConverters.ParentConverter<VariantBuilder> {
    private final GroupConverter delegate;
    private final Consumer<ByteBuffer> onMetadata = this::metadata;
    private VariantBuilder builder;
    Variant current;

    VariantColumn(GroupType group) {
      delegate = VariantConverters.newVariantConverter(group, onMetadata, this);
    }

    private void metadata(ByteBuffer metadata) {
      builder = new VariantBuilder(new ImmutableMetadata(metadata));
    }

    @Override
    public void build(Consumer<VariantBuilder> consumer) {
      consumer.accept(builder);
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return delegate.getConverter(fieldIndex);
    }

    @Override
    public void start() {
      builder = null;
      delegate.start();
    }

    @Override
    public void end() {
      delegate.end();
      if (builder == null) {
        throw new IllegalStateException("no metadata in a non-null VARIANT group");
      }
      builder.appendNullIfEmpty();
      current = builder.build();
    }
  }
}
