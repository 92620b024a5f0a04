package io.dendrite.parquet.bench.baseline;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.variant.Variant;
import org.apache.parquet.variant.VariantJsonParser;
import org.apache.parquet.variant.VariantValueWriter;
import shaded.parquet.com.fasterxml.jackson.core.JsonFactory;
import shaded.parquet.com.fasterxml.jackson.core.JsonParser;
import shaded.parquet.com.fasterxml.jackson.core.JsonToken;

/**
 * Minimal parquet-java {@link WriteSupport}s for the rows of {@code EventRows}: the plain-column
 * floor, the VARIANT record through {@link VariantValueWriter} (shredded or not, as the schema
 * says), and JSON lines through {@link VariantJsonParser}. They never touch a Hadoop
 * {@code Configuration}.
 */
public final class RecordWriteSupports {
  private RecordWriteSupports() {}

  private abstract static class Base<T> extends WriteSupport<T> {
    final MessageType schema;
    RecordConsumer rc;

    Base(MessageType schema) {
      this.schema = schema;
    }

    @Override
    @SuppressWarnings("deprecation") // abstract in parquet-java 1.18.1
    public WriteContext init(Configuration conf) {
      return new WriteContext(schema, Map.of());
    }

    @Override
    public WriteContext init(ParquetConfiguration conf) {
      return new WriteContext(schema, Map.of());
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
      this.rc = recordConsumer;
    }

    final void longField(String name, int index, long value) {
      rc.startField(name, index);
      rc.addLong(value);
      rc.endField(name, index);
    }

    final void stringField(String name, int index, Object value) {
      if (value != null) {
        rc.startField(name, index);
        rc.addBinary(Binary.fromString((String) value));
        rc.endField(name, index);
      }
    }

    final void variantField(String name, int index, GroupType group, Variant value) {
      if (value != null) {
        rc.startField(name, index);
        VariantValueWriter.write(rc, group, value);
        rc.endField(name, index);
      }
    }
  }

  /**
   * Writes the named values of a record as plain top-level columns: any of {@code id},
   * {@code category} (top level) and {@code idstr}, {@code varid}, {@code varcategory},
   * {@code col4} (taken from the {@code nested} map), in the order of the schema.
   */
  public static final class PlainColumns extends Base<Map<String, Object>> {
    private static final String[] KNOWN =
        {"id", "category", "idstr", "varid", "varcategory", "col4"};
    private final String[] names;
    private final int[] kinds;

    public PlainColumns(MessageType schema) {
      super(schema);
      int n = schema.getFieldCount();
      names = new String[n];
      kinds = new int[n];
      for (int i = 0; i < n; i++) {
        names[i] = schema.getFieldName(i);
        kinds[i] = java.util.Arrays.asList(KNOWN).indexOf(names[i]);
        if (kinds[i] < 0) {
          throw new IllegalArgumentException("no value for plain column " + names[i]);
        }
      }
    }

    @Override
    public void write(Map<String, Object> row) {
      @SuppressWarnings("unchecked")
      Map<String, Object> nested = (Map<String, Object>) row.get("nested");
      rc.startMessage();
      for (int i = 0; i < names.length; i++) {
        switch (kinds[i]) {
          case 0 -> longField(names[i], i, (Long) row.get("id"));
          case 1 -> stringField(names[i], i, row.get("category"));
          case 2 -> stringField(names[i], i, nested.get("idstr"));
          case 3 -> longField(names[i], i, (Long) nested.get("varid"));
          case 4 -> stringField(names[i], i, nested.get("varcategory"));
          default -> stringField(names[i], i, nested.get("col4"));
        }
      }
      rc.endMessage();
    }
  }

  /**
   * Writes {@code id int64, category string, nested VARIANT}: the nested map is built into a
   * {@link Variant} with {@link ParquetJavaVariants} and written by {@link VariantValueWriter},
   * which shreds it when the schema's {@code nested} group has a {@code typed_value}.
   */
  public static final class VariantRecords extends Base<Map<String, Object>> {
    private final GroupType nested;

    public VariantRecords(MessageType schema) {
      super(schema);
      this.nested = schema.getType("nested").asGroupType();
    }

    @Override
    public void write(Map<String, Object> row) {
      rc.startMessage();
      longField("id", 0, (Long) row.get("id"));
      stringField("category", 1, row.get("category"));
      Object n = row.get("nested");
      variantField("nested", 2, nested, n == null ? null : ParquetJavaVariants.build(n));
      rc.endMessage();
    }
  }

  /**
   * Writes JSON lines {@code {"id": ..., "category": ..., "nested": {...}}}: parquet's shaded
   * Jackson streams the top level, {@link VariantJsonParser#parseJson(JsonParser)} turns the
   * {@code nested} value into a {@link Variant} without an intermediate tree, and
   * {@link VariantValueWriter} writes (and shreds) it. This is the fastest path parquet-java
   * 1.18.1 offers from JSON text to a file.
   */
  public static final class JsonLines extends Base<String> {
    private static final JsonFactory FACTORY = new JsonFactory();
    private final GroupType nested;

    public JsonLines(MessageType schema) {
      super(schema);
      this.nested = schema.getType("nested").asGroupType();
    }

    @Override
    public void write(String line) {
      long id = 0;
      boolean hasId = false;
      String category = null;
      Variant variant = null;
      try (JsonParser p = FACTORY.createParser(line)) {
        if (p.nextToken() != JsonToken.START_OBJECT) {
          throw new IllegalArgumentException("not a JSON object: " + line);
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          JsonToken t = p.nextToken();
          if (t == JsonToken.VALUE_NULL) {
            continue;
          }
          switch (name) {
            case "id" -> {
              id = p.getLongValue();
              hasId = true;
            }
            case "category" -> category = p.getText();
            case "nested" -> variant = VariantJsonParser.parseJson(p);
            default -> p.skipChildren();
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("bad JSON line: " + line, e);
      }
      if (!hasId) {
        throw new IllegalArgumentException("no id in " + line);
      }
      rc.startMessage();
      longField("id", 0, id);
      stringField("category", 1, category);
      variantField("nested", 2, nested, variant);
      rc.endMessage();
    }
  }
}
