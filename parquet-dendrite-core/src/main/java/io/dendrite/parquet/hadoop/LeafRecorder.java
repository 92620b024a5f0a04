package io.dendrite.parquet.hadoop;

import io.dendrite.parquet.read.internal.column.BatchArrays;
import io.dendrite.parquet.read.internal.column.ColumnChunkReader;
import io.dendrite.parquet.read.internal.column.ColumnDictionary;
import io.dendrite.parquet.read.internal.column.ColumnReadException;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.read.internal.column.ValuesDecoder;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * The other source of {@link LeafBatch}es: a converter tree for parquet-java's record assembly
 * (a {@code ReadSupport}'s root converter) that shreds each record it is given back into the
 * levels and values of every leaf of the requested schema (Dremel's record shredding), exactly
 * as {@link ColumnChunkReader} decodes that one row from the pages. Code written against leaf
 * batches so runs under {@code ParquetReader} and {@code ParquetInputFormat} too.
 *
 * <p>An entry per value, at the leaf's maximum definition level; when a group instance ends,
 * a null entry for every leaf under each of its fields that received nothing (a null field, an
 * empty list), at the group's own definition level. An entry's repetition level is the lowest
 * of the repeated fields above it (or the leaf itself) that began a second or later instance
 * since the leaf's previous entry, 0 for a record's first. Fields are told apart by their index
 * in the requested schema, so the order in which parquet-java delivers them (the file's) does
 * not matter. Dictionary-encoded values stay ids into the chunk's dictionary, decoded once per
 * chunk, as in a decoded batch. Not thread-safe.
 */
final class LeafRecorder {
  /** No repeated field has begun a new instance since the leaf's last entry. */
  private static final int UNSET = Integer.MAX_VALUE;

  private final ColumnDescriptor[] columns;
  private final int[] maxDef;
  private final int[] maxRep;
  private final boolean[] binary;
  private final boolean[] freshBuffers;
  private final LeafBatch[] leaves;
  /** Per leaf: the repetition level its next entry takes. */
  private final int[] nextRep;
  private final Group root;

  /**
   * @param requested the schema parquet-java assembles (the read's requested schema)
   * @param freshBuffers per leaf (in {@code requested.getColumns()} order): whether each record
   *     gets a new binary buffer, because values taken from a record may keep views into it
   */
  public LeafRecorder(MessageType requested, boolean[] freshBuffers) {
    List<ColumnDescriptor> list = requested.getColumns();
    this.columns = list.toArray(new ColumnDescriptor[0]);
    if (freshBuffers.length != columns.length) {
      throw new IllegalArgumentException(freshBuffers.length + " fresh-buffer flags for "
          + columns.length + " leaves");
    }
    this.freshBuffers = freshBuffers.clone();
    this.leaves = new LeafBatch[columns.length];
    for (int i = 0; i < leaves.length; i++) {
      leaves[i] = new LeafBatch();
    }
    this.nextRep = new int[columns.length];
    this.maxDef = new int[columns.length];
    this.maxRep = new int[columns.length];
    this.binary = new boolean[columns.length];
    for (int i = 0; i < columns.length; i++) {
      maxDef[i] = columns[i].getMaxDefinitionLevel();
      maxRep[i] = columns[i].getMaxRepetitionLevel();
      PrimitiveTypeName t = columns[i].getPrimitiveType().getPrimitiveTypeName();
      binary[i] = t == PrimitiveTypeName.BINARY || t == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
          || t == PrimitiveTypeName.INT96;
    }
    int[] leafCounter = {0};
    this.root = new Group(null, -1, requested, requested, 0, new ArrayList<>(), leafCounter) {
      @Override
      public void start() {
        beginRecord();
        super.start();
      }
    };
  }

  /** The root converter to hand parquet-java (as {@code RecordMaterializer.getRootConverter}). */
  public GroupConverter root() {
    return root;
  }

  /**
   * The last record's batches (one row each), indexed like {@code requested.getColumns()}:
   * complete once the root converter's {@code end()} has run, refilled by the next record.
   */
  public LeafBatch[] leaves() {
    return leaves;
  }

  private void beginRecord() {
    for (int i = 0; i < leaves.length; i++) {
      LeafBatch b = leaves[i];
      b.rows = 1;
      b.entries = 0;
      b.values = 0;
      b.dictionary = null;
      if (maxDef[i] == 0) {
        b.def = null;
      }
      if (maxRep[i] == 0) {
        b.rep = null;
      }
      if (freshBuffers[i]) {
        b.bytes = null; // the last record's values may keep views into the old one
      }
      if (binary[i]) {
        b.offsets = BatchArrays.ints(b.offsets, 1);
        b.offsets[0] = 0;
      }
    }
    Arrays.fill(nextRep, 0);
  }

  /** Appends an entry at {@code def} to leaf {@code leaf}; returns the leaf's value count. */
  private int entry(int leaf, int def) {
    LeafBatch b = leaves[leaf];
    int e = b.entries;
    if (maxDef[leaf] > 0) {
      b.def = BatchArrays.ints(b.def, e + 1L);
      b.def[e] = def;
    }
    if (maxRep[leaf] > 0) {
      b.rep = BatchArrays.ints(b.rep, e + 1L);
      b.rep[e] = nextRep[leaf];
    }
    nextRep[leaf] = UNSET;
    b.entries = e + 1;
    return b.values;
  }

  /** One group of the requested schema: knows which of its fields received something. */
  private class Group extends GroupConverter {
    private final Group parent;
    private final int index;
    /** The definition level at which this group is present. */
    private final int def;
    private final Converter[] fields;
    private final boolean[] received;
    private final boolean[] repeated;
    private final int[] repLevel;
    /** Per field, the leaves under it. */
    private final int[][] leavesOf;

    Group(Group parent, int index, MessageType schema, GroupType type, int def,
        List<String> path, int[] leafCounter) {
      this.parent = parent;
      this.index = index;
      this.def = def;
      int n = type.getFieldCount();
      this.fields = new Converter[n];
      this.received = new boolean[n];
      this.repeated = new boolean[n];
      this.repLevel = new int[n];
      this.leavesOf = new int[n][];
      for (int i = 0; i < n; i++) {
        Type f = type.getType(i);
        List<String> fieldPath = new ArrayList<>(path);
        fieldPath.add(f.getName());
        String[] p = fieldPath.toArray(new String[0]);
        int first = leafCounter[0];
        repeated[i] = f.isRepetition(Type.Repetition.REPEATED);
        repLevel[i] = schema.getMaxRepetitionLevel(p);
        if (f.isPrimitive()) {
          fields[i] = new Leaf(this, i, leafCounter[0]++);
        } else {
          fields[i] = new Group(this, i, schema, f.asGroupType(),
              schema.getMaxDefinitionLevel(p), fieldPath, leafCounter);
        }
        int[] under = new int[leafCounter[0] - first];
        Arrays.setAll(under, k -> first + k);
        leavesOf[i] = under;
      }
    }

    /** Field {@code i} received a value or began an instance. */
    final void arrive(int i) {
      if (!received[i]) {
        received[i] = true;
      } else if (repeated[i]) {
        int level = repLevel[i];
        for (int leaf : leavesOf[i]) {
          if (level < nextRep[leaf]) {
            nextRep[leaf] = level;
          }
        }
      }
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return fields[fieldIndex];
    }

    @Override
    public void start() {
      if (parent != null) {
        parent.arrive(index);
      }
      Arrays.fill(received, false);
    }

    @Override
    public void end() {
      for (int i = 0; i < received.length; i++) {
        if (!received[i]) {
          for (int leaf : leavesOf[i]) {
            entry(leaf, def); // null: this group is the deepest present level
          }
        }
      }
    }
  }

  /**
   * One leaf: each value is an entry at the leaf's maximum definition level. Dictionary-encoded
   * values stay ids into the chunk's dictionary (decoded once per chunk), so that readers
   * convert once per dictionary entry; a record whose values mix ids and plain values (a chunk
   * falling back to plain pages within the record) holds plain values, as in a decoded batch.
   */
  private final class Leaf extends PrimitiveConverter {
    private final Group parent;
    private final int index;
    private final int leaf;
    private final int maxDef;
    private final PrimitiveTypeName type;
    private final LeafBatch batch;
    private ColumnDictionary dictionary;
    private final int[] one = new int[1];

    Leaf(Group parent, int index, int leaf) {
      this.parent = parent;
      this.index = index;
      this.leaf = leaf;
      this.maxDef = columns[leaf].getMaxDefinitionLevel();
      this.type = columns[leaf].getPrimitiveType().getPrimitiveTypeName();
      this.batch = leaves[leaf];
    }

    /** Appends a value's entry; returns its value index, the values before it made plain. */
    private int plainValue() {
      int v = value();
      if (batch.dictionary != null) {
        batch.dictionary.copyTo(batch.ids, 0, v, batch, 0);
        batch.dictionary = null;
      }
      return v;
    }

    private int value() {
      parent.arrive(index);
      int v = entry(leaf, maxDef);
      batch.values = v + 1;
      return v;
    }

    @Override
    public boolean hasDictionarySupport() {
      return type != PrimitiveTypeName.BOOLEAN;
    }

    @Override
    public void setDictionary(Dictionary d) {
      dictionary = decode(d, type);
    }

    @Override
    public void addValueFromDictionary(int id) {
      if (id < 0 || id >= dictionary.size) {
        throw new ColumnReadException(String.join(".", columns[leaf].getPath()),
            ColumnReadException.NO_PAGE, "dictionary id " + id + " is out of range: the"
            + " dictionary has " + dictionary.size + " entries", null);
      }
      LeafBatch b = batch;
      int v = value();
      if (v == 0 || b.dictionary != null) {
        b.dictionary = dictionary;
        b.ids = BatchArrays.ints(b.ids, v + 1L);
        b.ids[v] = id;
      } else {
        one[0] = id;
        dictionary.copyTo(one, 0, 1, b, v);
      }
    }

    @Override
    public void addBoolean(boolean value) {
      int v = plainValue();
      batch.booleans = BatchArrays.booleans(batch.booleans, v + 1L);
      batch.booleans[v] = value;
    }

    @Override
    public void addInt(int value) {
      int v = plainValue();
      batch.ints = BatchArrays.ints(batch.ints, v + 1L);
      batch.ints[v] = value;
    }

    @Override
    public void addLong(long value) {
      int v = plainValue();
      batch.longs = BatchArrays.longs(batch.longs, v + 1L);
      batch.longs[v] = value;
    }

    @Override
    public void addFloat(float value) {
      int v = plainValue();
      batch.floats = BatchArrays.floats(batch.floats, v + 1L);
      batch.floats[v] = value;
    }

    @Override
    public void addDouble(double value) {
      int v = plainValue();
      batch.doubles = BatchArrays.doubles(batch.doubles, v + 1L);
      batch.doubles[v] = value;
    }

    @Override
    public void addBinary(Binary value) {
      int v = plainValue();
      LeafBatch b = batch;
      b.offsets = BatchArrays.ints(b.offsets, v + 2L);
      ByteBuffer buf = value.toByteBuffer();
      if (buf.hasArray()) {
        ValuesDecoder.appendBinary(b, v, buf.array(), buf.arrayOffset() + buf.position(),
            buf.remaining());
      } else {
        byte[] copy = value.getBytes();
        ValuesDecoder.appendBinary(b, v, copy, 0, copy.length);
      }
    }
  }

  /** parquet-java's decoded dictionary page as ours: one pass over its entries, per chunk. */
  private static ColumnDictionary decode(Dictionary d, PrimitiveTypeName type) {
    int n = d.getMaxId() + 1;
    switch (type) {
      case INT64: {
        long[] a = new long[n];
        Arrays.setAll(a, d::decodeToLong);
        return new ColumnDictionary(n, a, null, null, null, null, null);
      }
      case INT32: {
        int[] a = new int[n];
        Arrays.setAll(a, d::decodeToInt);
        return new ColumnDictionary(n, null, a, null, null, null, null);
      }
      case FLOAT: {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
          a[i] = d.decodeToFloat(i);
        }
        return new ColumnDictionary(n, null, null, a, null, null, null);
      }
      case DOUBLE: {
        double[] a = new double[n];
        Arrays.setAll(a, d::decodeToDouble);
        return new ColumnDictionary(n, null, null, null, a, null, null);
      }
      default: {
        int[] offsets = new int[n + 1];
        long total = 0;
        for (int i = 0; i < n; i++) {
          total += d.decodeToBinary(i).length();
          offsets[i + 1] = (int) Math.min(total, Integer.MAX_VALUE);
        }
        byte[] bytes = BatchArrays.bytes(null, total);
        for (int i = 0; i < n; i++) {
          Binary b = d.decodeToBinary(i);
          ByteBuffer buf = b.toByteBuffer();
          buf.get(bytes, offsets[i], b.length());
        }
        return new ColumnDictionary(n, null, null, null, null, bytes, offsets);
      }
    }
  }
}
