package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.internal.column.ColumnDictionary;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantValue;
import java.util.Arrays;

/**
 * A VARIANT column's {@code metadata}, and views of its residual values, shared by the path
 * readers of the column. Metadata is decoded and validated only for rows whose residual is
 * navigated, and reused while rows repeat the same dictionary bytes (the common case). A
 * residual value is validated once per batch however many selected paths navigate it: with one
 * validation per path, reading 51 paths of an unshredded column validated each row's whole
 * value 51 times (TPC-H records, 68 s against 5 s for gzipped JSON).
 */
final class MetadataColumn {
  /** Entries of the view cache, direct-mapped by position: at least a batch of values. */
  private static final int VIEWS = 1 << 13;
  /** Shift taking a 32-bit hash to a slot of {@link #VIEWS}. */
  private static final int SLOT_SHIFT = Integer.SIZE - Integer.numberOfTrailingZeros(VIEWS);
  /**
   * Value buffers the cache may refer to (the column's value leaves in this batch); one more
   * empties it, so that it never keeps earlier batches' buffers alive.
   */
  private static final int BUFFERS = 4;

  private final String column;
  private byte[] last;
  private VariantMetadata metadata;
  /** The dictionary of the metadata chunk being read, and its entries parsed so far. */
  private ColumnDictionary dictionary;
  private VariantMetadata[] byEntry;
  /** The view cache, allocated when a residual is first viewed (typed reads never do). */
  private byte[][] viewArrays;
  private int[] viewStarts;
  private int[] viewEnds;
  private VariantMetadata[] viewMetadata;
  private VariantValue[] views;
  private final byte[][] buffers = new byte[BUFFERS][];
  private int bufferCount;

  MetadataColumn(String column) {
    this.column = column;
  }

  /**
   * Value {@code vi} of the metadata leaf batch, parsed. A dictionary entry is parsed once per
   * chunk: rows whose key sets differ (optional fields) alternate between a few entries, and
   * each change of bytes meant parsing and validating again. Equal entries give the same
   * instance, which lets the reassembly's encoder keep its dictionary between rows.
   */
  VariantMetadata at(LeafBatch b, int vi) {
    ColumnDictionary d = b.dictionary;
    if (d == null) {
      return parse(b.bytes, b.offsets[vi], b.offsets[vi + 1]);
    }
    if (d != dictionary) {
      dictionary = d;
      byEntry = new VariantMetadata[d.size];
    }
    int id = b.ids[vi];
    VariantMetadata m = byEntry[id];
    if (m == null) {
      m = parse(d.bytes, d.offsets[id], d.offsets[id + 1]);
      byEntry[id] = m;
    }
    return m;
  }

  /** The metadata in {@code array[off, end)}, parsed and validated unless it repeats the last. */
  VariantMetadata parse(byte[] array, int off, int end) {
    if (last == null || !Arrays.equals(last, 0, last.length, array, off, end)) {
      byte[] bytes = Arrays.copyOfRange(array, off, end);
      last = null; // not reused if invalid
      metadata = VariantChecks.metadata(bytes, 0, bytes.length, column);
      last = bytes;
    }
    return metadata;
  }

  /**
   * A validated view of value {@code vi} of a {@code value} leaf batch with the row's metadata
   * (value {@code metaIndex} of the metadata batch). The same bytes with the same metadata give
   * the view validated before: the value buffers of these leaves are fresh per batch
   * ({@link ColumnarPlan#freshBuffers}) or a chunk's dictionary, so an array and position name
   * one value as long as the cache holds the array.
   */
  VariantValue view(LeafBatch meta, int metaIndex, LeafBatch value, int vi, String where) {
    return view(at(meta, metaIndex), value, vi, where);
  }

  /** As above, with the row's metadata already parsed. */
  VariantValue view(VariantMetadata m, LeafBatch value, int vi, String where) {
    if (views == null) {
      viewArrays = new byte[VIEWS][];
      viewStarts = new int[VIEWS];
      viewEnds = new int[VIEWS];
      viewMetadata = new VariantMetadata[VIEWS];
      views = new VariantValue[VIEWS];
    }
    byte[] array = BinaryValues.array(value);
    int start = BinaryValues.start(value, vi);
    int end = BinaryValues.end(value, vi);
    int slot = (start * 0x9E3779B9) >>> SLOT_SHIFT;
    if (viewArrays[slot] == array && viewStarts[slot] == start && viewEnds[slot] == end
        && viewMetadata[slot] == m) {
      return views[slot];
    }
    VariantValue v = VariantChecks.view(m, array, start, end - start, where);
    admit(array);
    viewArrays[slot] = array;
    viewStarts[slot] = start;
    viewEnds[slot] = end;
    viewMetadata[slot] = m;
    views[slot] = v;
    return v;
  }

  /** Lets the cache refer to {@code array}, emptying it when that makes too many buffers. */
  private void admit(byte[] array) {
    for (int i = 0; i < bufferCount; i++) {
      if (buffers[i] == array) {
        return;
      }
    }
    if (bufferCount == BUFFERS) {
      Arrays.fill(viewArrays, null);
      Arrays.fill(viewMetadata, null);
      Arrays.fill(views, null);
      Arrays.fill(buffers, null);
      bufferCount = 0;
    }
    buffers[bufferCount++] = array;
  }
}
