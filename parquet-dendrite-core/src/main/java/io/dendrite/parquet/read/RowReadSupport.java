package io.dendrite.parquet.read;

import io.dendrite.parquet.schema.Field;
import io.dendrite.parquet.schema.RecordSchema;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;

/**
 * Reads every column of a file into {@link DendriteRow}s, reassembling VARIANT columns from
 * whatever layout this file has. The plan (converter tree) is built once per file.
 */
public final class RowReadSupport extends ReadSupport<DendriteRow> {

  @Override
  public ReadContext init(InitContext context) {
    return new ReadContext(context.getFileSchema());
  }

  @Override
  public RecordMaterializer<DendriteRow> prepareForRead(
      org.apache.hadoop.conf.Configuration configuration, Map<String, String> keyValueMetaData,
      MessageType fileSchema, ReadContext readContext) {
    return new RowMaterializer(readContext.getRequestedSchema());
  }

  @Override
  public RecordMaterializer<DendriteRow> prepareForRead(ParquetConfiguration configuration,
      Map<String, String> keyValueMetaData, MessageType fileSchema, ReadContext readContext) {
    return new RowMaterializer(readContext.getRequestedSchema());
  }

  private static final class RowMaterializer extends RecordMaterializer<DendriteRow> {
    private final List<String> columns;
    private final Map<String, Integer> index;
    private final Converter[] children;
    private final GroupConverter root;
    private Object[] current;

    RowMaterializer(MessageType schema) {
      RecordSchema record = RecordSchema.fromParquet(schema);
      List<Field> fields = record.fields();
      List<String> names = new ArrayList<>();
      Map<String, Integer> idx = new HashMap<>();
      children = new Converter[fields.size()];
      for (int i = 0; i < fields.size(); i++) {
        Field f = fields.get(i);
        names.add(f.name());
        idx.put(f.name(), i);
        int slot = i;
        children[i] = ValueConverters.create(f.type(), schema.getType(i), f.name(),
            v -> current[slot] = v);
      }
      columns = Collections.unmodifiableList(names);
      index = idx;
      root = new GroupConverter() {
        @Override
        public Converter getConverter(int fieldIndex) {
          return children[fieldIndex];
        }

        @Override
        public void start() {
          current = new Object[children.length];
        }

        @Override
        public void end() {}
      };
    }

    @Override
    public DendriteRow getCurrentRecord() {
      return new DendriteRow(columns, index, current);
    }

    @Override
    public GroupConverter getRootConverter() {
      return root;
    }
  }
}
