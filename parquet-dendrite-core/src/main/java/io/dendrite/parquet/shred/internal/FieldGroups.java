package io.dendrite.parquet.shred.internal;

/**
 * A record consumer's shortcut for a shredded field's group (the group of {@code value} and
 * {@code typed_value} that VariantShredding.md gives each object field and array element): the
 * group with one typed value, or empty, in one call instead of seven to nine events. Each
 * method writes what the events in its description write, {@code field} being a child of the
 * open group or {@link #ELEMENT}. The column engine's recorder takes these; a consumer without
 * them gets the events.
 */
public interface FieldGroups {
  /**
   * The {@code field} that stands for a new element of the open repeated field (a shredded
   * array's {@code list}, whose one {@code element} group is the field group): the events
   * {@code startGroup()}, {@code startField(element, 0)}, {@code startGroup()} before the
   * value and {@code endGroup()}, {@code endField(element, 0)}, {@code endGroup()} after it.
   */
  int ELEMENT = -1;

  /**
   * {@code startField(field)}, {@code startGroup()}, {@code startField(child)},
   * {@code addLong(v)}, {@code endField(child)}, {@code endGroup()}, {@code endField(field)}.
   */
  void groupLong(int field, int child, long v);

  /** As {@link #groupLong} with {@code addInteger(v)}. */
  void groupInteger(int field, int child, int v);

  /** As {@link #groupLong} with {@code addBoolean(v)}. */
  void groupBoolean(int field, int child, boolean v);

  /**
   * As {@link #groupLong} with {@code addBinary} of bytes {@code [off, off + len)} of
   * {@code b}, which are copied before the call returns.
   */
  void groupBytes(int field, int child, byte[] b, int off, int len);

  /**
   * {@code startField(field)}, {@code startGroup()}, {@code endGroup()}, {@code endField(field)}
   * (for {@link #ELEMENT}, an element whose group holds nothing).
   */
  void emptyGroup(int field);
}
