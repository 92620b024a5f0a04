package io.dendrite.parquet.cli;

import io.dendrite.parquet.schema.Field;
import io.dendrite.parquet.schema.FieldType;
import io.dendrite.parquet.schema.ListType;
import io.dendrite.parquet.schema.MapType;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.StructType;
import io.dendrite.parquet.schema.VariantFieldType;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A path to a value in a row, as {@code cat --select} and {@code --where} take it:
 * {@code payload.user.id}, {@code tags[0]}, {@code payload.items[2].sku}, {@code `odd.name`.x}.
 * The first segment is a top-level column; later ones are object fields and array indexes
 * inside a VARIANT value, fields of a struct, keys of a map, or indexes of a list. A field or
 * element that is not there yields null.
 */
final class ValuePath {
  private final String text;
  private final String column;
  /** String for a field or key, Integer for an index. */
  private final List<Object> steps;

  private ValuePath(String text, String column, List<Object> steps) {
    this.text = text;
    this.column = column;
    this.steps = steps;
  }

  /** The whole top-level column {@code name}, whatever characters it holds. */
  static ValuePath column(String name) {
    return new ValuePath(name, name, List.of());
  }

  /** Parses one path; {@code what} names the option in errors. */
  static ValuePath parse(String text, String what) {
    Scanner s = new Scanner(text, what);
    ValuePath p = read(s);
    if (!s.atEnd()) {
      throw s.error("expected '.', '[' or the end of the path");
    }
    return p;
  }

  /** Parses a comma-separated list of paths ({@code --select a,b.c}); commas in quotes are kept. */
  static List<ValuePath> parseList(String text, String what) {
    Scanner s = new Scanner(text, what);
    List<ValuePath> out = new ArrayList<>();
    do {
      out.add(read(s));
    } while (s.tryConsume(','));
    if (!s.atEnd()) {
      throw s.error("expected ',', '.', '[' or the end of the list");
    }
    return out;
  }

  /** Reads a path at the scanner's position. */
  static ValuePath read(Scanner s) {
    s.skipSpace();
    int start = s.pos();
    String column = s.name("a column name");
    List<Object> steps = new ArrayList<>();
    while (true) {
      char c = s.peekRaw();
      if (c == '.') {
        s.next();
        steps.add(s.name("a field name after '.'"));
      } else if (c == '[') {
        s.next();
        int at = s.pos();
        StringBuilder digits = new StringBuilder();
        while (Character.isDigit(s.peekRaw())) {
          digits.append(s.next());
        }
        if (digits.length() == 0 || !s.tryConsume(']')) {
          throw s.errorAt(at, "expected an index like [0]");
        }
        try {
          steps.add(Integer.parseInt(digits.toString()));
        } catch (NumberFormatException e) {
          throw s.errorAt(at, "index too large");
        }
      } else {
        break;
      }
    }
    return new ValuePath(s.text().substring(start, s.pos()).strip(), column, List.copyOf(steps));
  }

  /** The path as written, used as the output key. */
  String text() {
    return text;
  }

  /** The top-level column. */
  String column() {
    return column;
  }

  /**
   * Checks the path against a file's schema: the column must exist, struct fields must exist,
   * and lists take indexes; inside a VARIANT anything goes (values are schemaless).
   *
   * @throws CliException naming the file, the option and the columns or fields there are
   */
  void check(RecordSchema schema, String file, String option) {
    Field f = schema.field(column);
    if (f == null) {
      throw new CliException(file + ": " + option + " names column '" + column
          + "', which the file does not have; columns: "
          + schema.fields().stream().map(Field::name).collect(Collectors.joining(", ")));
    }
    FieldType type = f.type();
    String at = column;
    for (Object step : steps) {
      if (type instanceof VariantFieldType) {
        return;
      }
      if (type instanceof StructType st) {
        if (!(step instanceof String name)) {
          throw new CliException(option + " " + text + ": " + at + " is a struct; use .field");
        }
        Field child = st.fields().stream().filter(x -> x.name().equals(name)).findFirst()
            .orElse(null);
        if (child == null) {
          throw new CliException(file + ": " + option + " " + text + ": struct " + at
              + " has no field '" + name + "'; fields: "
              + st.fields().stream().map(Field::name).collect(Collectors.joining(", ")));
        }
        type = child.type();
      } else if (type instanceof ListType lt) {
        if (!(step instanceof Integer)) {
          throw new CliException(option + " " + text + ": " + at + " is a list; use [N]");
        }
        type = lt.element();
      } else if (type instanceof MapType mt) {
        type = mt.value();
      } else {
        throw new CliException(file + ": " + option + " " + text + ": column " + at + " is "
            + type + " and has no fields or elements");
      }
      at = at + (step instanceof Integer ? "[" + step + "]" : "." + step);
    }
  }

  @Override
  public String toString() {
    return text;
  }
}
