package io.dendrite.parquet.write;

import io.dendrite.parquet.schema.FieldType.VariantFieldType;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.shred.internal.VariantColumnShredder;
import io.dendrite.parquet.write.internal.column.LevelRecorder;
import io.dendrite.parquet.write.internal.column.RewindableRows;
import io.dendrite.parquet.write.internal.records.RecordWriter;
import io.dendrite.parquet.write.internal.records.RecordWriters;
import io.dendrite.parquet.write.internal.records.SinkSpec;
import io.dendrite.parquet.write.internal.records.ValueSink;
import java.util.ArrayList;
import java.util.List;

/**
 * Java records written straight into the column engine's leaves by a generated writer per
 * record class ({@link RecordWriters}; issue 31, "Java records"): no row of boxed values, no
 * record-consumer events. Values of the types the generated code leaves to a sink (decimals,
 * times, timestamps, UUIDs, VARIANTs) are converted as {@link RecordRows} converts them and
 * written by the field writers at their place. A record that fails halfway is taken back
 * ({@link RewindableRows}), counts of its shredded variants included.
 */
final class DirectRecords {
  private final RowWriteSupport support;
  private final RewindableRows buffers;
  private final RecordCoercer coercer;
  private final RecordSchema schema;

  /** The record class last written, its writer and the shredders its variants go to. */
  private Class<?> type;
  private RecordWriter writer;
  private VariantColumnShredder[] shredders;

  /**
   * Records into {@code buffers}' recorder with {@code support}'s field writers; null when
   * records are not to be written by generated code ({@link RecordWriters#forSchema}).
   */
  static DirectRecords of(RowWriteSupport support, RewindableRows buffers) {
    return RecordWriters.generating() ? new DirectRecords(support, buffers) : null;
  }

  private DirectRecords(RowWriteSupport support, RewindableRows buffers) {
    this.support = support;
    this.buffers = buffers;
    this.schema = support.recordSchema();
    // Its encoder encodes the variants of the sinks, as RecordRows' own writer's does.
    this.coercer = new RecordCoercer(schema);
  }

  /**
   * Whether records of {@code recordClass} (which has this file's schema) are written here:
   * false when no class can be generated for them, and they are to be written as rows.
   */
  boolean takes(Class<?> recordClass) {
    if (recordClass != type) {
      bind(recordClass);
    }
    return writer != null;
  }

  /**
   * Records {@code record} (a class {@link #takes}) as the next row, which the caller
   * then ends. Returns what failed, with nothing recorded, or null: the caller normalizes the
   * record the interpreted way to learn what is wrong with it.
   */
  RuntimeException write(Record record) {
    buffers.markRow();
    for (VariantColumnShredder s : shredders) {
      s.markCounts();
    }
    try {
      writer.write(record);
    } catch (RuntimeException e) {
      buffers.rollBackRow();
      for (VariantColumnShredder s : shredders) {
        s.undoCounts();
      }
      return e;
    }
    for (VariantColumnShredder s : shredders) {
      s.keepCounts();
    }
    return null;
  }

  private void bind(Class<?> recordClass) {
    @SuppressWarnings("unchecked")
    Class<? extends Record> records = (Class<? extends Record>) recordClass;
    RecordWriters.Factory factory = RecordWriters.forSchema(records, schema, support.schema());
    type = recordClass;
    if (factory == null) {
      writer = null;
      return;
    }
    LevelRecorder rc = buffers.recordConsumer();
    List<VariantColumnShredder> variants = new ArrayList<>();
    writer = factory.create(rc, spec -> {
      if (spec.type() instanceof VariantFieldType) {
        VariantColumnShredder s = support.variantWriters().forPath(spec.fieldPath());
        if (!variants.contains(s)) {
          variants.add(s);
        }
      }
      return sink(spec, rc);
    });
    shredders = variants.toArray(new VariantColumnShredder[0]);
  }

  /**
   * A value converted as {@link RecordRows} converts it, then written by its field writer with
   * the recorder entered at its field.
   */
  private ValueSink sink(SinkSpec spec, LevelRecorder rc) {
    RecordRows.Node convert = RecordRows.node(spec.type(), spec.javaType());
    FieldWriter field = FieldWriters.forType(spec.type(), spec.parquet(), spec.fieldPath(),
        support.variantWriters());
    int entry = rc.fieldEntry(spec.parquetPath());
    return (value, r) -> {
      Object normalized = convert.convert(value, coercer);
      rc.enterField(entry, r);
      field.write(rc, normalized);
    };
  }
}
