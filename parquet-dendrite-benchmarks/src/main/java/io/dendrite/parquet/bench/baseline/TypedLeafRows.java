package io.dendrite.parquet.bench.baseline;

import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * What a parquet-java user writes to read {@code id} and one shredded int64 leaf of a VARIANT
 * column (a requested schema holding only {@code COLUMN.typed_value.FIELD.typed_value}), for
 * use with a {@code FilterPredicate} on that leaf. Rows whose leaf is not in {@code typed_value}
 * come back as null: the user's filter never sees them.
 */
public final class TypedLeafRows extends ReadSupport<TypedLeafRows.Row> {
  /** One row: {@code leaf} null when the row has no typed value there. */
  public record Row(long id, Long leaf) {}

  private final MessageType requested;

  public TypedLeafRows(String column, String field) {
    this.requested = Types.buildMessage()
        .required(PrimitiveTypeName.INT64).named("id")
        .optionalGroup().as(LogicalTypeAnnotation.variantType((byte) 1))
            .optionalGroup()
                .requiredGroup()
                    .optional(PrimitiveTypeName.INT64).named("typed_value")
                    .named(field)
                .named("typed_value")
            .named(column)
        .named("schema");
  }

  /** The dotted path of the typed leaf, as a FilterPredicate names it. */
  public static String leafPath(String column, String field) {
    return column + ".typed_value." + field + ".typed_value";
  }

  @Override
  public ReadContext init(InitContext context) {
    return new ReadContext(requested);
  }

  @Override
  @SuppressWarnings("deprecation") // abstract in parquet-java 1.18.1
  public RecordMaterializer<Row> prepareForRead(Configuration conf, Map<String, String> meta,
      MessageType fileSchema, ReadContext context) {
    return materializer();
  }

  @Override
  public RecordMaterializer<Row> prepareForRead(ParquetConfiguration conf,
      Map<String, String> meta, MessageType fileSchema, ReadContext context) {
    return materializer();
  }

  private static RecordMaterializer<Row> materializer() {
    long[] id = new long[1];
    Long[] leaf = new Long[1];
    PrimitiveConverter idConverter = new PrimitiveConverter() {
      @Override
      public void addLong(long value) {
        id[0] = value;
      }
    };
    PrimitiveConverter leafConverter = new PrimitiveConverter() {
      @Override
      public void addLong(long value) {
        leaf[0] = value;
      }
    };
    GroupConverter field = group(leafConverter);
    GroupConverter typed = group(field);
    GroupConverter variant = group(typed);
    GroupConverter root = new GroupConverter() {
      @Override
      public Converter getConverter(int i) {
        return i == 0 ? idConverter : variant;
      }

      @Override
      public void start() {
        leaf[0] = null;
      }

      @Override
      public void end() {}
    };
    return new RecordMaterializer<>() {
      @Override
      public Row getCurrentRecord() {
        return new Row(id[0], leaf[0]);
      }

      @Override
      public GroupConverter getRootConverter() {
        return root;
      }
    };
  }

  /** A group with exactly one child. */
  private static GroupConverter group(Converter child) {
    return new GroupConverter() {
      @Override
      public Converter getConverter(int i) {
        return child;
      }

      @Override
      public void start() {}

      @Override
      public void end() {}
    };
  }
}
