package io.dendrite.parquet.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.And;
import org.apache.spark.sql.catalyst.expressions.BoundReference;
import org.apache.spark.sql.catalyst.expressions.EqualNullSafe;
import org.apache.spark.sql.catalyst.expressions.EqualTo;
import org.apache.spark.sql.catalyst.expressions.GreaterThan;
import org.apache.spark.sql.catalyst.expressions.GreaterThanOrEqual;
import org.apache.spark.sql.catalyst.expressions.In;
import org.apache.spark.sql.catalyst.expressions.InterpretedPredicate;
import org.apache.spark.sql.catalyst.expressions.IsNotNull;
import org.apache.spark.sql.catalyst.expressions.IsNull;
import org.apache.spark.sql.catalyst.expressions.LessThan;
import org.apache.spark.sql.catalyst.expressions.LessThanOrEqual;
import org.apache.spark.sql.catalyst.expressions.Not;
import org.apache.spark.sql.catalyst.expressions.Or;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Predicates on partition columns only, evaluated against a file's partition values at
 * planning, so that the files they reject are never read. The V2 predicate is rebuilt as
 * Spark's own Catalyst expression over the partition values and evaluated by Spark
 * ({@link InterpretedPredicate}): comparisons, null semantics and string order are Spark's.
 * Rebuilt: {@code = <=> <> < <= > >=} and {@code IN} between a partition column and literals
 * of its type, {@code IS [NOT] NULL}, {@code AND}, {@code OR}, {@code NOT}; anything else
 * (casts, functions, literals of another type) gives null and stays with Spark.
 */
final class PartitionPredicates {
  private final StructType partitionSchema;

  PartitionPredicates(StructType partitionSchema) {
    this.partitionSchema = partitionSchema;
  }

  /** Whether {@code p} reads partition columns and nothing else. */
  boolean onlyPartitionColumns(Predicate p) {
    NamedReference[] refs = p.references();
    return refs.length > 0 && Arrays.stream(refs).allMatch(r -> ordinal(r) >= 0);
  }

  /** A test of a file's partition values equivalent to {@code p}, or null. */
  InterpretedPredicate compile(Predicate p) {
    org.apache.spark.sql.catalyst.expressions.Expression e = catalyst(p);
    if (e == null) {
      return null;
    }
    InterpretedPredicate test = new InterpretedPredicate(e);
    test.initialize(0);
    return test;
  }

  /** Whether a file of partition values {@code values} may hold rows every test passes. */
  static boolean keeps(List<InterpretedPredicate> tests, InternalRow values) {
    for (InterpretedPredicate t : tests) {
      if (!t.eval(values)) {
        return false; // false or unknown: no row of the file passes the predicate
      }
    }
    return true;
  }

  private org.apache.spark.sql.catalyst.expressions.Expression catalyst(Expression e) {
    if (e instanceof NamedReference ref) {
      int at = ordinal(ref);
      return at < 0 ? null : new BoundReference(at, partitionSchema.fields()[at].dataType(), true);
    }
    if (!(e instanceof Predicate p)) {
      return null;
    }
    Expression[] c = p.children();
    switch (p.name()) {
      case "AND", "OR" -> {
        var a = catalyst(c[0]);
        var b = a == null ? null : catalyst(c[1]);
        return b == null ? null : p.name().equals("AND") ? new And(a, b) : new Or(a, b);
      }
      case "NOT" -> {
        var a = catalyst(c[0]);
        return a == null ? null : new Not(a);
      }
      case "IS_NULL", "IS_NOT_NULL" -> {
        var a = column(c[0]);
        return a == null ? null : p.name().equals("IS_NULL") ? new IsNull(a) : new IsNotNull(a);
      }
      case "IN" -> {
        var a = column(c[0]);
        if (a == null) {
          return null;
        }
        List<org.apache.spark.sql.catalyst.expressions.Expression> list = new ArrayList<>();
        for (int i = 1; i < c.length; i++) {
          var v = literal(c[i], a.dataType());
          if (v == null) {
            return null;
          }
          list.add(v);
        }
        return new In(a, CollectionConverters.asScala(list).toSeq());
      }
      case "=", "<=>", "<>", "<", "<=", ">", ">=" -> {
        return comparison(p.name(), c[0], c[1]);
      }
      default -> {
        return null;
      }
    }
  }

  /** A comparison of a column and a literal of its type, either way round. */
  private org.apache.spark.sql.catalyst.expressions.Expression comparison(String op,
      Expression left, Expression right) {
    org.apache.spark.sql.catalyst.expressions.Expression l = column(left);
    org.apache.spark.sql.catalyst.expressions.Expression r =
        l == null ? column(right) : literal(right, l.dataType());
    if (l == null) {
      l = r == null ? null : literal(left, r.dataType());
    }
    if (l == null || r == null) {
      return null;
    }
    return switch (op) {
      case "=" -> new EqualTo(l, r);
      case "<=>" -> new EqualNullSafe(l, r);
      case "<>" -> new Not(new EqualTo(l, r));
      case "<" -> new LessThan(l, r);
      case "<=" -> new LessThanOrEqual(l, r);
      case ">" -> new GreaterThan(l, r);
      default -> new GreaterThanOrEqual(l, r);
    };
  }

  private BoundReference column(Expression e) {
    return e instanceof NamedReference ref ? (BoundReference) catalyst(ref) : null;
  }

  /** A literal of exactly {@code type}: one of another type would compare wrongly uncast. */
  private static org.apache.spark.sql.catalyst.expressions.Literal literal(Expression e,
      DataType type) {
    if (!(e instanceof Literal<?> lit) || !lit.dataType().equals(type)) {
      return null;
    }
    return new org.apache.spark.sql.catalyst.expressions.Literal(lit.value(), type);
  }

  /** The place of a top-level partition column in the partition values; -1 if not one. */
  private int ordinal(NamedReference ref) {
    String[] names = ref.fieldNames();
    if (names.length != 1) {
      return -1;
    }
    String[] fields = partitionSchema.fieldNames();
    for (int i = 0; i < fields.length; i++) {
      if (fields[i].equals(names[0])) {
        return i;
      }
    }
    return -1;
  }
}
