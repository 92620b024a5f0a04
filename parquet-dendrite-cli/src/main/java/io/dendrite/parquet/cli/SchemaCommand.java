package io.dendrite.parquet.cli;

import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddedType.ShreddedArray;
import io.dendrite.parquet.schema.ShreddedType.ShreddedObject;
import io.dendrite.parquet.schema.ShreddedType.ValueOnly;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.schema.ShreddingSchema.ShreddedPath;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.Type;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dendrite schema}: the Parquet schema as a tree, VARIANT columns as shredded paths. */
@Command(name = "schema", mixinStandardHelpOptions = true,
    header = "Print the schema; VARIANT columns as their shredded paths.",
    description = {
        "Print a Parquet file's schema as a tree: one line per column, nested columns "
            + "indented (struct fields as a.b, list elements as a[], map keys and values as "
            + "a.key and a.value). A VARIANT column is shown with its shredding: each shredded "
            + "path with its typed_value type, marked (shredded), or value-only when the path "
            + "has only a value column. Other fields of a shredded object stay in the "
            + "residual value. A VARIANT column without the VARIANT annotation (convert "
            + "--no-variant-annotation, older writers), found by its fields, is marked 'no "
            + "annotation'. A directory prints the schema of each part file.",
        ""},
    footer = {"", "Example:", "  dendrite schema events.parquet",
        "", "  events.parquet: 1000 rows in 1 row group, created by parquet-dendrite 0.1.0",
        "  id: int64", "  payload: variant (shredded as object)",
        "    payload.user.id: int64 (shredded)", "    payload.varid: value-only"})
final class SchemaCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "Parquet files or directories.")
  List<Path> files;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    List<Path> inputs = ParquetFiles.expand(files);
    boolean first = true;
    for (Path file : inputs) {
      ParquetMetadata footer = ParquetFiles.footer(file);
      if (!first) {
        out.println();
      }
      first = false;
      print(out, file, footer);
    }
    out.flush();
    return 0;
  }

  static void print(PrintWriter out, Path file, ParquetMetadata footer) {
    FileMetaData meta = footer.getFileMetaData();
    long rows = footer.getBlocks().stream().mapToLong(BlockMetaData::getRowCount).sum();
    int groups = footer.getBlocks().size();
    out.printf(Locale.ROOT, "%s: %,d row%s in %d row group%s, created by %s%n", file, rows,
        rows == 1 ? "" : "s", groups, groups == 1 ? "" : "s",
        meta.getCreatedBy() == null ? "(unknown)" : meta.getCreatedBy());
    for (Type t : meta.getSchema().getFields()) {
      field(out, t, FieldPath.quote(t.getName()), "");
    }
  }

  private static String nullability(Type t) {
    switch (t.getRepetition()) {
      case REQUIRED: return " not null";
      case REPEATED: return " repeated";
      default: return "";
    }
  }

  private static void field(PrintWriter out, Type t, String path, String indent) {
    if (t.isPrimitive()) {
      out.println(indent + path + ": " + ParquetTypes.describe(t.asPrimitiveType())
          + nullability(t));
      return;
    }
    GroupType g = t.asGroupType();
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    List<ShreddedPath> layout;
    try {
      layout = ShreddingSchema.layout(g, path);
    } catch (IllegalArgumentException e) {
      out.println(indent + path + ": variant (invalid layout: " + e.getMessage() + ")");
      return;
    }
    if (layout != null) {
      variant(out, g, layout, path, indent);
    } else if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation
        && g.getFieldCount() == 1 && g.getType(0).isRepetition(Type.Repetition.REPEATED)) {
      out.println(indent + path + ": list" + nullability(t));
      Type repeated = g.getType(0);
      // 3-level lists wrap the element in a repeated group of one field; 2-level lists do not.
      Type element = !repeated.isPrimitive() && repeated.asGroupType().getFieldCount() == 1
          ? repeated.asGroupType().getType(0) : repeated;
      field(out, element, path + "[]", indent + "  ");
    } else if ((a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation)
        && g.getFieldCount() == 1 && !g.getType(0).isPrimitive()) {
      out.println(indent + path + ": map" + nullability(t));
      for (Type kv : g.getType(0).asGroupType().getFields()) {
        field(out, kv, path + "." + FieldPath.quote(kv.getName()), indent + "  ");
      }
    } else {
      out.println(indent + path + ": struct" + nullability(t));
      for (Type f : g.getFields()) {
        field(out, f, path + "." + FieldPath.quote(f.getName()), indent + "  ");
      }
    }
  }

  private static void variant(PrintWriter out, GroupType g, List<ShreddedPath> layout,
      String path, String indent) {
    String nulls = nullability(g);
    // Readers older than the annotation need it absent; say so, it is not visible otherwise.
    String annotation = g.getLogicalTypeAnnotation() == null ? "; no annotation" : "";
    ShreddedPath column = layout.get(0);
    if (column.type() instanceof ValueOnly) {
      out.println(indent + path + ": variant" + nulls + " (unshredded: metadata, value"
          + annotation + ")");
      return;
    }
    out.println(indent + path + ": variant" + nulls + " (shredded as " + kind(column.type())
        + (column.value() != null ? "" : ", no residual value column") + annotation + ")");
    // The shredded paths below the column, depth first, all at one indent.
    for (ShreddedPath p : layout.subList(1, layout.size())) {
      if (p.type() instanceof ValueOnly) {
        out.println(indent + "  " + p.path() + ": value-only");
      } else {
        out.println(indent + "  " + p.path() + ": " + kind(p.type()) + " (shredded"
            + (p.value() != null ? "" : ", no value column") + ")");
      }
    }
  }

  private static String kind(ShreddedType t) {
    return t instanceof ShreddedObject ? "object" : t instanceof ShreddedArray ? "array"
        : t.toString();
  }
}
