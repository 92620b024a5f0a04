package io.dendrite.parquet.hadoop;

import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.write.Codec;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * A mapreduce OutputFormat writing one Parquet file per task with {@link DendriteWriter}.
 * Values are records: a {@code Map<String, ?>} of column to value, or JSON text (a String or
 * Hadoop {@code Text}) for {@link DendriteWriter#writeJson}; keys are ignored.
 *
 * <p>Configuration keys:
 * <ul>
 *   <li>{@value #SCHEMA} (required): the record schema in its text form;</li>
 *   <li>{@value #SHREDDING}: {@code auto} (default: inferred per file), {@code none}, or a
 *       shredding schema in its text form;</li>
 *   <li>{@value #CODEC}: {@code snappy} (default), {@code zstd}, {@code gzip}, {@code none};</li>
 *   <li>{@value #JSON_DOCUMENT_COLUMN}: store each JSON text value whole in this VARIANT
 *       column;</li>
 *   <li>{@value #VARIANT_ANNOTATION}: {@code true} (default) or {@code false} to write VARIANT
 *       columns without the VARIANT annotation, for old readers
 *       ({@link DendriteWriter.Builder#variantAnnotation}).</li>
 * </ul>
 *
 * <p>A record that fails to write fails the task, and its part file is not published (the
 * writer is aborted; closing it afterwards publishes nothing), as {@link DendriteWriter} does.
 */
public class DendriteOutputFormat extends FileOutputFormat<Object, Object> {
  public static final String SCHEMA = "dendrite.write.schema";
  public static final String SHREDDING = "dendrite.write.shredding";
  public static final String CODEC = "dendrite.write.codec";
  public static final String JSON_DOCUMENT_COLUMN = "dendrite.write.json-document-column";
  public static final String VARIANT_ANNOTATION = "dendrite.write.variant-annotation";

  @Override
  public RecordWriter<Object, Object> getRecordWriter(TaskAttemptContext context)
      throws IOException {
    Configuration conf = context.getConfiguration();
    String schema = conf.get(SCHEMA);
    if (schema == null || schema.isBlank()) {
      throw new IOException("configuration key " + SCHEMA + " must hold the record schema");
    }
    Path file = getDefaultWorkFile(context, ".parquet");
    DendriteWriter.Builder b = DendriteWriter.builder(file, conf).schema(schema)
        .codec(Codec.parse(conf.get(CODEC, "snappy")))
        .variantAnnotation(flag(conf, VARIANT_ANNOTATION, true));
    String shredding = conf.get(SHREDDING, "auto").trim();
    if (shredding.equals("none")) {
      b.unshredded();
    } else if (shredding.equals("auto")) {
      b.inferShredding(InferenceOptions.DEFAULTS);
    } else {
      b.shredding(shredding);
    }
    String documentColumn = conf.get(JSON_DOCUMENT_COLUMN);
    if (documentColumn != null) {
      b.jsonDocumentColumn(documentColumn);
    }
    DendriteWriter writer = b.build();
    return new RecordWriter<>() {
      @Override
      public void write(Object key, Object value) {
        if (value instanceof Map) {
          @SuppressWarnings("unchecked")
          Map<String, ?> record = (Map<String, ?>) value;
          writer.write(record);
        } else {
          writer.writeJson(value.toString());
        }
      }

      @Override
      public void close(TaskAttemptContext ignored) throws IOException {
        writer.close();
      }
    };
  }

  /** A boolean key, strictly: Hadoop's getBoolean takes a misspelt value for the default. */
  private static boolean flag(Configuration conf, String key, boolean ifUnset) throws IOException {
    String v = conf.getTrimmed(key);
    if (v == null) {
      return ifUnset;
    }
    if (!v.equals("true") && !v.equals("false")) {
      throw new IOException("configuration key " + key + " must be true or false, got '" + v
          + "'");
    }
    return Boolean.parseBoolean(v);
  }
}
