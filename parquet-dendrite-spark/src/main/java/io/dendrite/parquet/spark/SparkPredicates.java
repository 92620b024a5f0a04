package io.dendrite.parquet.spark;

import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.filter.Filter.Op;
import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.path.SelectionPath.Segment;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Spark's V2 predicates as the core's {@link Filter}, only where both give the same answer for
 * every row (true, false or unknown), so that the core's exact row test may stand in for
 * Spark's. A predicate that cannot be translated whole gives null and stays with Spark.
 *
 * <p>Translated: {@code = <> < <= > >=} and {@code IN} between a column (top-level or a struct
 * field) and a literal, {@code IS [NOT] NULL}, {@code AND}, {@code OR}, {@code NOT}. Left to
 * Spark, because the meanings differ:
 * <ul>
 *   <li>comparisons of {@code float}/{@code double} columns: Spark orders NaN above every
 *       number and compares infinities, the core's casts make both unknown;</li>
 *   <li>{@code IS NULL} on a VARIANT: the core counts a JSON null as null, Spark does not;</li>
 *   <li>strings of a collation other than UTF8_BINARY (the core compares code points);</li>
 *   <li>{@code <=>}, {@code IN} lists holding a null, binary comparisons, casts and functions
 *       of columns, and predicates on arrays, maps, structs as a whole or variant paths (Spark
 *       4.1 hands none of {@code variant_get} to a source as a predicate).</li>
 * </ul>
 */
final class SparkPredicates {
  private SparkPredicates() {}

  /** The core's filter equivalent to {@code p} over rows of {@code schema}, or null. */
  static Filter translate(Predicate p, StructType schema) {
    Expression[] c = p.children();
    switch (p.name()) {
      case "AND":
      case "OR": {
        Filter a = child(c[0], schema);
        Filter b = a == null ? null : child(c[1], schema);
        return b == null ? null : p.name().equals("AND") ? Filter.and(a, b) : Filter.or(a, b);
      }
      case "NOT": {
        Filter inner = child(c[0], schema);
        return inner == null ? null : Filter.not(inner);
      }
      case "IS_NULL":
      case "IS_NOT_NULL": {
        Column col = column(c[0], schema);
        if (col == null || !nullTestable(col.type)) {
          return null;
        }
        Filter isNull = new Filter.IsNull(col.path, false);
        return p.name().equals("IS_NULL") ? isNull : Filter.not(isNull);
      }
      case "IN":
        return in(c, schema);
      default:
        Op op = op(p.name());
        if (op == null || c.length != 2) {
          return null;
        }
        if (c[0] instanceof Literal<?> && !(c[1] instanceof Literal<?>)) {
          return compare(column(c[1], schema), op.flip(), (Literal<?>) c[0]);
        }
        return c[1] instanceof Literal<?> l ? compare(column(c[0], schema), op, l) : null;
    }
  }

  /** An operand of AND, OR or NOT: a predicate (anything else is not translated). */
  private static Filter child(Expression e, StructType schema) {
    return e instanceof Predicate p ? translate(p, schema) : null;
  }

  /** {@code col IN (a, b, ...)} as {@code col = a or col = b ...}; none of the values null. */
  private static Filter in(Expression[] c, StructType schema) {
    Column col = column(c[0], schema);
    if (col == null || c.length < 2) {
      return null;
    }
    List<Filter> any = new ArrayList<>();
    for (int i = 1; i < c.length; i++) {
      Filter eq = c[i] instanceof Literal<?> l ? compare(col, Op.EQ, l) : null;
      if (eq == null) {
        return null; // a null in the list makes "not in" never true: left to Spark
      }
      any.add(eq);
    }
    return any.size() == 1 ? any.get(0) : Filter.or(any.toArray(Filter[]::new));
  }

  /** {@code col op literal}, or null when the column's type and the literal do not agree. */
  private static Filter compare(Column col, Op op, Literal<?> literal) {
    if (col == null || literal.value() == null) {
      return null;
    }
    DataType type = col.type;
    Object value = literal.value();
    if (type instanceof TimestampType || type instanceof TimestampNTZType) {
      return literal.dataType().equals(type) ? timestamp(col.path, op, (Long) value) : null;
    }
    Object java = javaLiteral(type, literal.dataType(), value);
    if (java == null || (java instanceof Boolean && op != Op.EQ && op != Op.NE)) {
      return null;
    }
    return new Filter.Compare(col.path, op, Filter.Literal.of(java));
  }

  /**
   * The literal as the core compares it, for a column of {@code type}; null when the pair is
   * not translated. Exact numbers compare by value in both (the core casts to BigDecimal).
   */
  private static Object javaLiteral(DataType type, DataType literalType, Object value) {
    if (isExactNumber(type) && isExactNumber(literalType)) {
      return value instanceof Decimal d ? d.toJavaBigDecimal() : value;
    }
    if (!literalType.equals(type)) {
      return null;
    }
    if (type instanceof StringType s) {
      return s.isUTF8BinaryCollation() ? ((UTF8String) value).toString() : null;
    }
    if (type instanceof BooleanType) {
      return value;
    }
    if (type instanceof DateType) {
      return LocalDate.ofEpochDay((Integer) value);
    }
    return null;
  }

  private static boolean isExactNumber(DataType t) {
    return t instanceof ByteType || t instanceof ShortType || t instanceof IntegerType
        || t instanceof LongType || t instanceof DecimalType;
  }

  /**
   * A comparison with a timestamp of {@code micros}. Spark compares the column's value
   * truncated to microseconds (nanosecond and INT96 timestamps are read so), the core the
   * exact instant: {@code floor(v) = L} is {@code L <= v < L + 1µs}, {@code floor(v) <= L} is
   * {@code v < L + 1µs}, and so on, which is the same for microsecond values.
   */
  private static Filter timestamp(SelectionPath path, Op op, long micros) {
    // In microseconds: Spark's range (years 1 to 9999) overflows a long of nanoseconds.
    Instant at = Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
    Instant next = at.plus(1, ChronoUnit.MICROS);
    return switch (op) {
      case EQ -> Filter.and(cmp(path, Op.GE, at), cmp(path, Op.LT, next));
      case NE -> Filter.or(cmp(path, Op.LT, at), cmp(path, Op.GE, next));
      case LT, GE -> cmp(path, op, at);
      case LE -> cmp(path, Op.LT, next);
      case GT -> cmp(path, Op.GE, next);
    };
  }

  private static Filter cmp(SelectionPath path, Op op, Object value) {
    return new Filter.Compare(path, op, Filter.Literal.of(value));
  }

  /** Types whose Spark null is exactly the core's {@code is null} (not a variant's JSON null). */
  private static boolean nullTestable(DataType t) {
    return isExactNumber(t) || t instanceof StringType || t instanceof BooleanType
        || t instanceof DateType || t instanceof TimestampType || t instanceof TimestampNTZType
        || t instanceof FloatType || t instanceof DoubleType || t instanceof BinaryType;
  }

  private static Op op(String name) {
    return switch (name) {
      case "=" -> Op.EQ;
      case "<>" -> Op.NE;
      case "<" -> Op.LT;
      case "<=" -> Op.LE;
      case ">" -> Op.GT;
      case ">=" -> Op.GE;
      default -> null;
    };
  }

  /** A column or struct field of the schema and its path in the core's grammar. */
  private record Column(SelectionPath path, DataType type) {}

  /** The column {@code e} names (through structs), or null when it is not a plain reference. */
  private static Column column(Expression e, StructType schema) {
    if (!(e instanceof NamedReference ref) || ref.fieldNames().length == 0) {
      return null;
    }
    DataType type = schema;
    List<Segment> segments = new ArrayList<>();
    for (String name : ref.fieldNames()) {
      if (!(type instanceof StructType struct)) {
        return null;
      }
      StructField field = null;
      for (StructField f : struct.fields()) {
        if (f.name().equals(name)) {
          field = f;
        }
      }
      if (field == null) {
        return null;
      }
      type = field.dataType();
      segments.add(new Segment(name, -1));
    }
    if (segments.size() == 1) {
      return new Column(SelectionPath.column(segments.get(0).name()), type);
    }
    try {
      // Names quoted as needed by the grammar's own printer, then read back as one path.
      return new Column(SelectionPath.parse(SelectionPath.text(segments)), type);
    } catch (IllegalArgumentException unreadable) {
      return null; // a field name the path grammar cannot hold: the predicate stays with Spark
    }
  }
}
