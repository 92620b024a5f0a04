package io.dendrite.parquet.write.internal.column;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Turns record-consumer events into leaf entries with their repetition and definition levels,
 * as the Dremel paper's column striping does: a value gets its field's maximum definition
 * level; a field missing from a group instance gets, in every leaf below it, one null entry at
 * the group's definition level; the first entry after an element of a repeated field starts
 * gets that field's repetition level, every other the level the enclosing element started
 * with.
 */
public final class LevelRecorder extends RecordConsumer {
  /** A schema node compiled once per file. */
  private static final class Node {
    final String path;
    final Node[] children;
    final boolean repeated;
    final int repLevel;
    final int defLevel;
    /** The leaf buffer of a primitive, else null. */
    final LeafBuffer leaf;
    /** Every leaf below (itself for a primitive), for the null entries of a missing field. */
    final LeafBuffer[] leaves;
    /**
     * Per child, the instance of this group that last wrote it: the open instance has written
     * the children holding {@link #instance}. Numbering instances saves clearing flags per
     * instance (that clearing took about 8% of striping).
     */
    final long[] writtenIn;
    long instance;
    int writtenCount;
    /**
     * Per child, the leaves of the other children (for a group whose children are all
     * optional and not repeated), else null: what a one-call group write fills with nulls.
     */
    LeafBuffer[][] othersOf;
    /**
     * For a repeated group whose one child is a required group that has {@link #othersOf}
     * (a LIST's {@code list} and its {@code element}): that child, else null.
     */
    Node element;

    Node(String path, Node[] children, boolean repeated, int repLevel, int defLevel,
        LeafBuffer leaf, LeafBuffer[] leaves) {
      this.path = path;
      this.children = children;
      this.repeated = repeated;
      this.repLevel = repLevel;
      this.defLevel = defLevel;
      this.leaf = leaf;
      this.leaves = leaves;
      this.writtenIn = children == null ? null : new long[children.length];
      if (children != null && !repeated && allOptional(children, defLevel)) {
        othersOf = new LeafBuffer[children.length][];
        for (int c = 0; c < children.length; c++) {
          List<LeafBuffer> others = new ArrayList<>();
          for (int o = 0; o < children.length; o++) {
            if (o != c) {
              others.addAll(Arrays.asList(children[o].leaves));
            }
          }
          othersOf[c] = others.toArray(new LeafBuffer[0]);
        }
      }
    }

    /** Links a LIST's {@code list} to its element group: once its children are compiled. */
    void linkElement() {
      if (repeated && children != null && children.length == 1 && !children[0].repeated
          && children[0].defLevel == defLevel && children[0].othersOf != null) {
        element = children[0];
      }
    }

    private static boolean allOptional(Node[] children, int defLevel) {
      for (Node c : children) {
        if (c.repeated || c.defLevel == defLevel) {
          return false;
        }
      }
      return true;
    }
  }

  private final Node root;
  /** The leaf buffers in schema order, for the leaf-addressed writes. */
  private final LeafBuffer[] leaves;
  /** The fields {@link #enterField} enters, by entry: the field and its parent group. */
  private final List<Node[]> entries = new ArrayList<>();
  /** Per depth: the open group, the field being written in it, and the current rep level. */
  private final Node[] groups;
  private final Node[] fields;
  private final int[] rep;
  /** Values and groups written so far, and their count when each open field started. */
  private long elements;
  private final long[] elementsAtStart;
  private int depth;

  /** {@code leaves}: a buffer per leaf column of {@code schema}, in schema order. */
  LevelRecorder(MessageType schema, LeafBuffer[] leaves) {
    int[] next = {0};
    this.root = compile(schema, "", false, 0, 0, leaves, next);
    this.leaves = leaves;
    int maxDepth = maxDepth(schema) + 2;
    this.groups = new Node[maxDepth];
    this.fields = new Node[maxDepth];
    this.rep = new int[maxDepth];
    this.elementsAtStart = new long[maxDepth];
  }

  private static Node compile(Type type, String path, boolean repeated, int repLevel,
      int defLevel, LeafBuffer[] leaves, int[] next) {
    if (type.isPrimitive()) {
      LeafBuffer leaf = leaves[next[0]++];
      return new Node(path, null, repeated, repLevel, defLevel, leaf, new LeafBuffer[] {leaf});
    }
    GroupType g = type.asGroupType();
    Node[] children = new Node[g.getFieldCount()];
    List<LeafBuffer> below = new ArrayList<>();
    for (int i = 0; i < children.length; i++) {
      Type c = g.getType(i);
      boolean rep = c.isRepetition(Type.Repetition.REPEATED);
      boolean opt = !c.isRepetition(Type.Repetition.REQUIRED);
      children[i] = compile(c, path.isEmpty() ? c.getName() : path + "." + c.getName(), rep,
          repLevel + (rep ? 1 : 0), defLevel + (opt ? 1 : 0), leaves, next);
      below.addAll(Arrays.asList(children[i].leaves));
    }
    Node group = new Node(path, children, repeated, repLevel, defLevel, null,
        below.toArray(new LeafBuffer[0]));
    group.linkElement();
    return group;
  }

  private static int maxDepth(Type type) {
    if (type.isPrimitive()) {
      return 0;
    }
    int max = 0;
    for (Type c : type.asGroupType().getFields()) {
      max = Math.max(max, maxDepth(c));
    }
    return max + 1;
  }

  @Override
  public void startMessage() {
    depth = 0;
    rep[0] = 0;
    open(root);
  }

  /**
   * Forgets a record left open (its writer gave up on it; the leaves are truncated apart): the
   * next {@link #startMessage()} starts clean.
   */
  void abandonMessage() {
    depth = 0;
  }

  @Override
  public void endMessage() {
    close(root);
    if (depth != 0) {
      throw new IllegalStateException("record ended inside a group");
    }
  }

  @Override
  public void startField(String field, int index) {
    Node group = groups[depth];
    Node f = group.children[index];
    fields[depth] = f;
    elementsAtStart[depth] = elements;
    if (group.writtenIn[index] != group.instance) {
      group.writtenIn[index] = group.instance;
      group.writtenCount++;
    }
  }

  @Override
  public void endField(String field, int index) {
    if (elements == elementsAtStart[depth]) {
      // parquet-java rejects this too: a field without values must be left out instead.
      throw new IllegalStateException("field " + fields[depth].path + " holds no value");
    }
    // The next field of this group starts where the group's instance started.
    rep[depth] = depth == 0 ? 0 : rep[depth - 1];
  }

  @Override
  public void startGroup() {
    Node f = fields[depth];
    depth++;
    rep[depth] = rep[depth - 1];
    open(f);
  }

  @Override
  public void endGroup() {
    close(groups[depth]);
    depth--;
    afterElement(fields[depth]);
  }

  @Override
  public void addInteger(int value) {
    Node f = fields[depth];
    f.leaf.addInt(rep[depth], value);
    afterElement(f);
  }

  @Override
  public void addLong(long value) {
    Node f = fields[depth];
    f.leaf.addLong(rep[depth], value);
    afterElement(f);
  }

  @Override
  public void addBoolean(boolean value) {
    Node f = fields[depth];
    f.leaf.addBoolean(rep[depth], value);
    afterElement(f);
  }

  @Override
  public void addBinary(Binary value) {
    Node f = fields[depth];
    f.leaf.addBinary(rep[depth], value);
    afterElement(f);
  }

  /**
   * {@link #addBinary} of bytes {@code [off, off + len)} of {@code b}, without a {@link Binary}
   * around them (a string's UTF-8 bytes, a parser's token buffer).
   */
  public void addBytes(byte[] b, int off, int len) {
    Node f = fields[depth];
    f.leaf.addBytes(rep[depth], b, off, len);
    afterElement(f);
  }

  /**
   * {@link #addBytes} of a string's UTF-8 bytes: a string the column's dictionary met lately
   * is added by its id, without encoding or hashing its bytes again.
   */
  public void addString(String s) {
    Node f = fields[depth];
    f.leaf.addString(rep[depth], s);
    afterElement(f);
  }

  @Override
  public void addFloat(float value) {
    Node f = fields[depth];
    f.leaf.addFloat(rep[depth], value);
    afterElement(f);
  }

  @Override
  public void addDouble(double value) {
    Node f = fields[depth];
    f.leaf.addDouble(rep[depth], value);
    afterElement(f);
  }

  // Leaf-addressed writes (generated record writers, which know each leaf's levels from the
  // schema): an entry straight into leaf column {@code leaf} (schema order, from 0) with
  // repetition level {@code r}, no events. A value gets the leaf's maximum definition level.

  /** Null entries at definition level {@code d} in leaves {@code [from, to)}. */
  public void addNulls(int from, int to, int r, int d) {
    for (int i = from; i < to; i++) {
      leaves[i].addNull(r, d);
    }
  }

  public void addBoolean(int leaf, int r, boolean v) {
    leaves[leaf].addBoolean(r, v);
  }

  public void addInteger(int leaf, int r, int v) {
    leaves[leaf].addInt(r, v);
  }

  public void addLong(int leaf, int r, long v) {
    leaves[leaf].addLong(r, v);
  }

  public void addFloat(int leaf, int r, float v) {
    leaves[leaf].addFloat(r, v);
  }

  public void addDouble(int leaf, int r, double v) {
    leaves[leaf].addDouble(r, v);
  }

  /** A value of all of {@code b}'s bytes, copied. */
  public void addBytes(int leaf, int r, byte[] b) {
    leaves[leaf].addBytes(r, b, 0, b.length);
  }

  /** A string's UTF-8 bytes (a lone surrogate becomes '?', as {@link String#getBytes} has it). */
  public void addString(int leaf, int r, String s) {
    leaves[leaf].addString(r, s);
  }

  /**
   * The entry of the field at {@code path} (names from the message down, as the schema has
   * them), for {@link #enterField}.
   *
   * @throws IllegalArgumentException when the schema has no such field
   */
  public int fieldEntry(String... path) {
    Node parent = root;
    Node field = null;
    for (String name : path) {
      if (field != null) {
        parent = field;
      }
      field = child(parent, name);
    }
    if (field == null) {
      throw new IllegalArgumentException("no field " + String.join(".", path));
    }
    entries.add(new Node[] {parent, field});
    return entries.size() - 1;
  }

  private static Node child(Node group, String name) {
    if (group.children != null) {
      String path = group.path.isEmpty() ? name : group.path + "." + name;
      for (Node c : group.children) {
        if (c.path.equals(path)) {
          return c;
        }
      }
    }
    throw new IllegalArgumentException("no field " + name + " in "
        + (group.path.isEmpty() ? "the message" : group.path));
  }

  /**
   * Opens the field of {@code entry} at repetition level {@code r} as if every enclosing group
   * had been started and it had just been started itself (its parent's instance present): the
   * events of its value follow ({@link #startGroup()} .. {@link #endGroup()}, or one value),
   * which is how a generated record writer hands a VARIANT component to its shredder. Nothing
   * closes the parent afterwards: the writer writes its other fields leaf by leaf.
   */
  public void enterField(int entry, int r) {
    Node[] e = entries.get(entry);
    depth = 0;
    groups[0] = e[0];
    fields[0] = e[1];
    rep[0] = r;
    elementsAtStart[0] = elements;
  }

  // One-call writes of a field group that holds one primitive value or none (the shredder's
  // object fields and array elements: FieldGroups): the entries the seven to nine events would
  // record, without the events.

  /** A {@code field} of the one-call writes: a new element of the open repeated field. */
  public static final int ELEMENT = -1;

  /**
   * The events startField(field), startGroup(), startField(child), addLong(v), endField(child),
   * endGroup(), endField(field); for {@link #ELEMENT} startGroup(), startField(element, 0),
   * startGroup() .. endGroup(), endField(element, 0), endGroup() around the value.
   */
  public void groupLong(int field, int child, long v) {
    int r = rep[depth];
    Node f = groupOf(field);
    f.children[child].leaf.addLong(r, v);
    endGroupOf(f, field, child, r);
  }

  public void groupInteger(int field, int child, int v) {
    int r = rep[depth];
    Node f = groupOf(field);
    f.children[child].leaf.addInt(r, v);
    endGroupOf(f, field, child, r);
  }

  public void groupBoolean(int field, int child, boolean v) {
    int r = rep[depth];
    Node f = groupOf(field);
    f.children[child].leaf.addBoolean(r, v);
    endGroupOf(f, field, child, r);
  }

  /** As {@link #groupLong} with bytes {@code [off, off + len)} of {@code b}, copied. */
  public void groupBytes(int field, int child, byte[] b, int off, int len) {
    int r = rep[depth];
    Node f = groupOf(field);
    f.children[child].leaf.addBytes(r, b, off, len);
    endGroupOf(f, field, child, r);
  }

  /**
   * The events startField(field), startGroup(), endGroup(), endField(field) (for
   * {@link #ELEMENT}, an element whose group holds nothing).
   */
  public void emptyGroup(int field) {
    int r = rep[depth];
    Node f = groupOf(field);
    for (LeafBuffer leaf : f.leaves) {
      leaf.addNull(r, f.defLevel);
    }
    ended(field);
  }

  /**
   * The group a one-call write fills: child {@code field} of the open group, marked written,
   * or for {@link #ELEMENT} the element group of the open repeated field. Either must be a
   * group whose children are optional and not repeated ({@link Node#othersOf}); anything else
   * is a caller's error.
   */
  private Node groupOf(int field) {
    if (field == ELEMENT) {
      Node list = fields[depth];
      if (list.element == null) {
        throw new IllegalStateException("field " + list.path
            + " is not a repeated group of one group of optional, unrepeated fields");
      }
      return list.element;
    }
    Node group = groups[depth];
    Node f = group.children[field];
    if (f.othersOf == null) {
      throw new IllegalStateException("field " + f.path
          + " is not a group of optional, unrepeated fields");
    }
    if (group.writtenIn[field] != group.instance) {
      group.writtenIn[field] = group.instance;
      group.writtenCount++;
    }
    return f;
  }

  /** Nulls in the leaves of {@code f}'s children but {@code child}, as closing it writes. */
  private void endGroupOf(Node f, int field, int child, int r) {
    for (LeafBuffer leaf : f.othersOf[child]) {
      leaf.addNull(r, f.defLevel);
    }
    ended(field);
  }

  /**
   * Counts the group (and an element's repeated group) written; after an element, the next one
   * repeats at the repeated field's level.
   */
  private void ended(int field) {
    elements++;
    if (field == ELEMENT) {
      elements++; // the element's repeated group
      rep[depth] = fields[depth].repLevel;
    }
  }

  /** The next element of a repeated field repeats at that field's level. */
  private void afterElement(Node field) {
    elements++;
    if (field.repeated) {
      rep[depth] = field.repLevel;
    }
  }

  private void open(Node group) {
    groups[depth] = group;
    group.instance++; // starts at 1: no child holds it yet
    group.writtenCount = 0;
  }

  /** Null entries for the fields the closing instance of {@code group} did not write. */
  private void close(Node group) {
    if (group.writtenCount == group.children.length) {
      return;
    }
    int r = rep[depth];
    for (int i = 0; i < group.children.length; i++) {
      if (group.writtenIn[i] != group.instance) {
        Node child = group.children[i];
        if (!child.repeated && child.defLevel == group.defLevel) {
          throw new IllegalStateException("required field " + child.path + " has no value");
        }
        for (LeafBuffer leaf : group.children[i].leaves) {
          leaf.addNull(r, group.defLevel);
        }
      }
    }
  }
}
