package io.dendrite.parquet.read;

import io.dendrite.parquet.shred.VariantSchemas;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;

/**
 * Lets a VARIANT group list {@code metadata}, {@code value} and {@code typed_value} in any order
 * (VariantShredding.md: they "must be accessed by name, not by position"). parquet-java hands a
 * group's fields to its converter in the file's order, whatever the requested schema's order,
 * while reassembly needs metadata, then value, then typed_value. A group stored in another order
 * gets a converter that records its fields' events until the group ends and then replays them
 * in that order; groups in the usual order keep their converter, at no cost.
 */
final class FieldOrder extends GroupConverter {
  private static final List<String> SPEC_ORDER =
      List.of(VariantSchemas.METADATA, VariantSchemas.VALUE, VariantSchemas.TYPED_VALUE);

  private final GroupConverter target;
  /** Field indexes in replay order. */
  private final int[] order;
  private final Events[] events;
  private final Converter[] recorders;

  private FieldOrder(GroupConverter target, int[] order) {
    this.target = target;
    this.order = order;
    this.events = new Events[order.length];
    this.recorders = new Converter[order.length];
    for (int i = 0; i < order.length; i++) {
      events[i] = new Events();
      recorders[i] = recorder(target.getConverter(i), events[i]);
    }
  }

  /**
   * The converter for {@code group} (a VARIANT column group or a value/typed_value pair, as
   * requested from the file) that {@code converter} expects in the spec's field order.
   */
  static GroupConverter inSpecOrder(GroupType group, GroupConverter converter) {
    int n = group.getFieldCount();
    int[] rank = new int[n];
    boolean sorted = true;
    for (int i = 0; i < n; i++) {
      rank[i] = SPEC_ORDER.indexOf(group.getType(i).getName());
      if (rank[i] < 0) {
        rank[i] = SPEC_ORDER.size() + i; // not a variant field: after them, in file order
      }
      sorted &= i == 0 || rank[i - 1] < rank[i];
    }
    if (sorted) {
      return converter;
    }
    Integer[] order = new Integer[n];
    Arrays.setAll(order, i -> i);
    Arrays.sort(order, (a, b) -> Integer.compare(rank[a], rank[b]));
    return new FieldOrder(converter, Arrays.stream(order).mapToInt(Integer::intValue).toArray());
  }

  @Override
  public Converter getConverter(int fieldIndex) {
    return recorders[fieldIndex];
  }

  @Override
  public void start() {
    for (Events e : events) {
      e.clear();
    }
    target.start();
  }

  @Override
  public void end() {
    for (int field : order) {
      events[field].replay();
    }
    target.end();
  }

  private static Converter recorder(Converter target, Events events) {
    return target.isPrimitive()
        ? new PrimitiveRecorder(target.asPrimitiveConverter(), events)
        : new GroupRecorder(target.asGroupConverter(), events);
  }

  /** Records the events of a group below a reordered field, for its real converter. */
  private static final class GroupRecorder extends GroupConverter {
    private final GroupConverter target;
    private final Events events;
    /** Made on first request: parquet-java asks for each child converter once, up front. */
    private Converter[] children = new Converter[0];

    GroupRecorder(GroupConverter target, Events events) {
      this.target = target;
      this.events = events;
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      if (fieldIndex >= children.length) {
        children = Arrays.copyOf(children, fieldIndex + 1);
      }
      if (children[fieldIndex] == null) {
        children[fieldIndex] = recorder(target.getConverter(fieldIndex), events);
      }
      return children[fieldIndex];
    }

    @Override
    public void start() {
      events.add(target, Events.START, 0, null);
    }

    @Override
    public void end() {
      events.add(target, Events.END, 0, null);
    }
  }

  /** Records the values of a primitive column below a reordered field. */
  private static final class PrimitiveRecorder extends PrimitiveConverter {
    private final PrimitiveConverter target;
    private final Events events;

    PrimitiveRecorder(PrimitiveConverter target, Events events) {
      this.target = target;
      this.events = events;
    }

    @Override
    public boolean hasDictionarySupport() {
      return target.hasDictionarySupport();
    }

    @Override
    public void setDictionary(Dictionary dictionary) {
      target.setDictionary(dictionary); // set per column chunk, between rows: not an event
    }

    @Override
    public void addValueFromDictionary(int dictionaryId) {
      events.add(target, Events.DICTIONARY_ID, dictionaryId, null);
    }

    @Override
    public void addBinary(Binary value) {
      events.add(target, Events.BINARY, 0, value.isBackingBytesReused() ? value.copy() : value);
    }

    @Override
    public void addBoolean(boolean value) {
      events.add(target, Events.BOOLEAN, value ? 1 : 0, null);
    }

    @Override
    public void addDouble(double value) {
      events.add(target, Events.DOUBLE, Double.doubleToRawLongBits(value), null);
    }

    @Override
    public void addFloat(float value) {
      events.add(target, Events.FLOAT, Float.floatToRawIntBits(value), null);
    }

    @Override
    public void addInt(int value) {
      events.add(target, Events.INT, value, null);
    }

    @Override
    public void addLong(long value) {
      events.add(target, Events.LONG, value, null);
    }
  }

  /** The recorded events of one field of one group instance, in arrival order. */
  private static final class Events {
    static final byte START = 0;
    static final byte END = 1;
    static final byte BINARY = 2;
    static final byte BOOLEAN = 3;
    static final byte INT = 4;
    static final byte LONG = 5;
    static final byte FLOAT = 6;
    static final byte DOUBLE = 7;
    static final byte DICTIONARY_ID = 8;

    private Converter[] targets = new Converter[8];
    private byte[] kinds = new byte[8];
    private long[] bits = new long[8];
    private Binary[] binaries = new Binary[8];
    private int size;

    void add(Converter target, byte kind, long value, Binary binary) {
      if (size == kinds.length) {
        int n = size * 2;
        targets = Arrays.copyOf(targets, n);
        kinds = Arrays.copyOf(kinds, n);
        bits = Arrays.copyOf(bits, n);
        binaries = Arrays.copyOf(binaries, n);
      }
      targets[size] = target;
      kinds[size] = kind;
      bits[size] = value;
      binaries[size] = binary;
      size++;
    }

    void clear() {
      Arrays.fill(binaries, 0, size, null); // do not keep the last row's pages reachable
      size = 0;
    }

    void replay() {
      for (int i = 0; i < size; i++) {
        Converter t = targets[i];
        long v = bits[i];
        switch (kinds[i]) {
          case START: t.asGroupConverter().start(); break;
          case END: t.asGroupConverter().end(); break;
          case BINARY: t.asPrimitiveConverter().addBinary(binaries[i]); break;
          case BOOLEAN: t.asPrimitiveConverter().addBoolean(v != 0); break;
          case INT: t.asPrimitiveConverter().addInt((int) v); break;
          case LONG: t.asPrimitiveConverter().addLong(v); break;
          case FLOAT: t.asPrimitiveConverter().addFloat(Float.intBitsToFloat((int) v)); break;
          case DOUBLE: t.asPrimitiveConverter().addDouble(Double.longBitsToDouble(v)); break;
          default: t.asPrimitiveConverter().addValueFromDictionary((int) v); break;
        }
      }
    }
  }
}
