package io.dendrite.parquet.cli;

import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.read.DendriteReadException;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedArray;
import io.dendrite.parquet.schema.ShreddedType.ShreddedObject;
import io.dendrite.parquet.schema.ShreddedType.ValueOnly;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.schema.ShreddingSchema.ShreddedPath;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Where the values of each shredded path of a file's VARIANT columns are stored: in
 * {@code typed_value}, in the residual {@code value}, or missing (both null). Counted exactly
 * from definition levels, reading only the levels of the columns involved (no values are
 * decoded): at each {@code value}/{@code typed_value} group G, one entry of a leaf column below
 * G with repetition level at most G's starts a new instance of G (or stands for an absent
 * ancestor, when its definition level is below G's); {@code typed_value} is non-null when the
 * definition level reaches it, {@code value} when its own leaf is defined. The counts mean what
 * the writer's shredding report means, so a file's numbers can be compared with the report
 * printed when it was written.
 */
final class ShreddingCoverage {

  /**
   * Counts for one shredded path.
   *
   * @param path dotted path from the column ({@code payload.user.id}, {@code payload.tags[]})
   * @param shreddedAs {@code object}, {@code array}, a primitive type, or {@code value-only}
   * @param present instances of the path's group (values, or missing object fields)
   * @param absent entries where an ancestor is null or missing (for the column: null rows)
   * @param typed values in {@code typed_value}
   * @param residual values in {@code value}
   * @param both partially shredded objects (counted in typed and in residual too)
   * @param missing neither set: the object field is missing
   */
  record PathCounts(String path, String shreddedAs, long present, long absent, long typed,
      long residual, long both, long missing) {}

  /**
   * One VARIANT column.
   *
   * @param column its path in the file
   * @param shredding its shredded type, null when unshredded
   * @param error why its layout could not be read, or null
   * @param paths counts per shredded path, the column itself first
   */
  record ColumnCoverage(String column, ShreddedType shredding, String error,
      List<PathCounts> paths) {}

  /** One leaf column read level by level, a row at a time. */
  private static final class Leaf {
    final ColumnDescriptor descriptor;
    ColumnReader reader;
    long remaining;
    int[] rep = new int[16];
    int[] def = new int[16];
    int size;

    Leaf(ColumnDescriptor descriptor) {
      this.descriptor = descriptor;
    }

    void readRow() {
      size = 0;
      int maxDef = descriptor.getMaxDefinitionLevel();
      do {
        if (size == rep.length) {
          rep = Arrays.copyOf(rep, size * 2);
          def = Arrays.copyOf(def, size * 2);
        }
        int d = reader.getCurrentDefinitionLevel();
        rep[size] = reader.getCurrentRepetitionLevel();
        def[size] = d;
        size++;
        if (d == maxDef) {
          reader.skip();
        }
        reader.consume();
        remaining--;
      } while (remaining > 0 && reader.getCurrentRepetitionLevel() > 0);
    }
  }

  /** One value/typed_value group and its running counts. */
  private static final class Node {
    final String path;
    final String shreddedAs;
    final int repetition;
    final int groupDef;
    final Leaf value;
    final int valueDef;
    final Leaf typed;
    final int typedDef;
    long present;
    long absent;
    long typedCount;
    long residual;
    long both;
    long missing;

    Node(String path, String shreddedAs, int repetition, int groupDef, Leaf value, int valueDef,
        Leaf typed, int typedDef) {
      this.path = path;
      this.shreddedAs = shreddedAs;
      this.repetition = repetition;
      this.groupDef = groupDef;
      this.value = value;
      this.valueDef = valueDef;
      this.typed = typed;
      this.typedDef = typedDef;
    }

    /** Counts the instances of this group in the current row of its leaves. */
    void count() {
      int i = 0;
      int j = 0;
      while (true) {
        i = value == null ? -1 : nextFirst(value, i);
        j = typed == null ? -1 : nextFirst(typed, j);
        if ((value == null || i >= value.size) && (typed == null || j >= typed.size)) {
          return;
        }
        if ((value != null && i >= value.size) || (typed != null && j >= typed.size)) {
          throw new IllegalStateException("levels of " + path + " do not line up");
        }
        int d = value != null ? value.def[i] : typed.def[j];
        if (d < groupDef) {
          absent++;
        } else {
          boolean v = value != null && value.def[i] >= valueDef;
          boolean t = typed != null && typed.def[j] >= typedDef;
          present++;
          if (v) {
            residual++;
          }
          if (t) {
            typedCount++;
          }
          if (v && t) {
            both++;
          }
          if (!v && !t) {
            missing++;
          }
        }
        if (value != null) {
          i++;
        }
        if (typed != null) {
          j++;
        }
      }
    }

    /** The index of the next entry at or after {@code from} that starts an instance. */
    private int nextFirst(Leaf leaf, int from) {
      int k = from;
      while (k < leaf.size && leaf.rep[k] > repetition) {
        k++;
      }
      return k;
    }

    PathCounts counts() {
      return new PathCounts(path, shreddedAs, present, absent, typedCount, residual, both,
          missing);
    }
  }

  private final MessageType schema;
  private final Map<String, Leaf> leaves = new LinkedHashMap<>();
  private final List<Node> nodes = new ArrayList<>();
  private final List<ColumnCoverage> columns = new ArrayList<>();
  private final Map<String, List<Node>> nodesByColumn = new LinkedHashMap<>();

  private ShreddingCoverage(MessageType schema) {
    this.schema = schema;
  }

  /**
   * Scans {@code file}, open in {@code reader} (positioned before its first row group).
   *
   * @throws DendriteReadException naming the file, row group and row when the levels cannot be
   *     read (a damaged page, a truncated column chunk)
   */
  static List<ColumnCoverage> scan(String file, ParquetFileReader reader) {
    MessageType schema = reader.getFooter().getFileMetaData().getSchema();
    ShreddingCoverage c = new ShreddingCoverage(schema);
    c.findVariants(schema, new ArrayList<>());
    if (!c.leaves.isEmpty()) {
      c.read(file, reader);
    }
    List<ColumnCoverage> out = new ArrayList<>();
    for (ColumnCoverage col : c.columns) {
      List<Node> ns = c.nodesByColumn.get(col.column());
      List<PathCounts> counts = new ArrayList<>();
      if (ns != null) {
        for (Node n : ns) {
          counts.add(n.counts());
        }
      }
      out.add(new ColumnCoverage(col.column(), col.shredding(), col.error(), counts));
    }
    return out;
  }

  private void findVariants(GroupType group, List<String> path) {
    for (Type t : group.getFields()) {
      if (t.isPrimitive()) {
        continue;
      }
      List<String> p = new ArrayList<>(path);
      p.add(t.getName());
      GroupType g = t.asGroupType();
      String name = FieldPath.join(p);
      List<ShreddedPath> layout;
      try {
        layout = ShreddingSchema.layout(g, name);
      } catch (IllegalArgumentException e) {
        columns.add(new ColumnCoverage(name, null, e.getMessage(), List.of()));
        continue;
      }
      if (layout == null) {
        findVariants(g, p);
        continue;
      }
      ShreddedType shredded = layout.get(0).type() instanceof ValueOnly ? null
          : layout.get(0).type();
      columns.add(new ColumnCoverage(name, shredded, null, List.of()));
      if (shredded != null) {
        List<Node> ns = new ArrayList<>();
        for (ShreddedPath sp : layout) {
          ns.add(node(p, sp));
        }
        nodesByColumn.put(name, ns);
        nodes.addAll(ns);
      }
    }
  }

  /** The counting node of shredded path {@code sp} of the VARIANT column at {@code column}. */
  private Node node(List<String> column, ShreddedPath sp) {
    Leaf value = null;
    int valueDef = 0;
    if (sp.value() != null) {
      List<String> vp = concat(column, sp.value());
      value = leaf(vp);
      valueDef = schema.getMaxDefinitionLevel(vp.toArray(new String[0]));
    }
    Leaf typed = null;
    int typedDef = 0;
    if (sp.typedValue() != null) {
      List<String> tp = concat(column, sp.typedValue());
      typed = leaf(firstLeaf(schema.getType(tp.toArray(new String[0])), tp));
      typedDef = schema.getMaxDefinitionLevel(tp.toArray(new String[0]));
    }
    String[] gp = concat(column, sp.group()).toArray(new String[0]);
    ShreddedType type = sp.type();
    String shreddedAs = type instanceof ValueOnly ? "value-only"
        : type instanceof ShreddedObject ? "object"
        : type instanceof ShreddedArray ? "array" : type.toString();
    return new Node(sp.path(), shreddedAs, schema.getMaxRepetitionLevel(gp),
        schema.getMaxDefinitionLevel(gp), value, valueDef, typed, typedDef);
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> p = new ArrayList<>(a);
    p.addAll(b);
    return p;
  }

  private static List<String> child(List<String> path, String name) {
    List<String> p = new ArrayList<>(path);
    p.add(name);
    return p;
  }

  /** The path of the first primitive column at or below {@code t} (at {@code path}). */
  private static List<String> firstLeaf(Type t, List<String> path) {
    if (t.isPrimitive()) {
      return path;
    }
    Type first = t.asGroupType().getType(0);
    return firstLeaf(first, child(path, first.getName()));
  }

  private Leaf leaf(List<String> path) {
    String key = String.join("\u0000", path);
    return leaves.computeIfAbsent(key,
        k -> new Leaf(schema.getColumnDescription(path.toArray(new String[0]))));
  }

  private void read(String file, ParquetFileReader reader) {
    List<ColumnDescriptor> wanted = new ArrayList<>();
    for (Leaf l : leaves.values()) {
      wanted.add(l.descriptor);
    }
    GroupConverter converter = new GroupRecordConverter(schema).getRootConverter();
    String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
    int rowGroup = 0;
    long row = 1; // 1-based row of the file being counted, for errors
    try {
      for (; rowGroup < reader.getRowGroups().size(); rowGroup++) {
        if (reader.getRowGroups().get(rowGroup).getRowCount() == 0) {
          continue; // parquet-java refuses to read a row group of no rows
        }
        PageReadStore pages = pages(file, reader, rowGroup, row, wanted);
        ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, converter, schema, createdBy);
        for (Leaf l : leaves.values()) {
          l.reader = store.getColumnReader(l.descriptor);
          l.remaining = l.reader.getTotalValueCount();
        }
        long rows = pages.getRowCount();
        for (long r = 0; r < rows; r++, row++) {
          for (Leaf l : leaves.values()) {
            l.readRow();
          }
          for (Node n : nodes) {
            n.count();
          }
        }
      }
    } catch (RuntimeException e) {
      throw DendriteReadException.of(file, rowGroup, row, e);
    }
  }

  /**
   * The pages of {@code columns} in row group {@code rowGroup}, read one column chunk at a time
   * so that a damaged page (a checksum that does not match) names its column: parquet-java
   * reads a row group's chunks together and does not say which one failed.
   */
  private static PageReadStore pages(String file, ParquetFileReader reader, int rowGroup,
      long row, List<ColumnDescriptor> columns) {
    Map<ColumnDescriptor, PageReader> byColumn = new HashMap<>();
    long rows = -1;
    for (ColumnDescriptor c : columns) {
      reader.setRequestedSchema(List.of(c));
      PageReadStore chunk;
      try {
        chunk = reader.readRowGroup(rowGroup);
      } catch (IOException | RuntimeException e) {
        throw DendriteReadException.inColumn(file, rowGroup, row, String.join(".", c.getPath()),
            e);
      }
      byColumn.put(c, chunk.getPageReader(c));
      rows = chunk.getRowCount();
    }
    long rowCount = rows;
    return new PageReadStore() {
      @Override
      public PageReader getPageReader(ColumnDescriptor descriptor) {
        return byColumn.get(descriptor);
      }

      @Override
      public long getRowCount() {
        return rowCount;
      }
    };
  }
}
