package io.dendrite.parquet.spark;

import io.dendrite.parquet.filter.Filter.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.catalyst.expressions.And;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.BinaryComparison;
import org.apache.spark.sql.catalyst.expressions.Cast;
import org.apache.spark.sql.catalyst.expressions.EqualTo;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.GreaterThan;
import org.apache.spark.sql.catalyst.expressions.GreaterThanOrEqual;
import org.apache.spark.sql.catalyst.expressions.In;
import org.apache.spark.sql.catalyst.expressions.InSet;
import org.apache.spark.sql.catalyst.expressions.IsNotNull;
import org.apache.spark.sql.catalyst.expressions.IsNull;
import org.apache.spark.sql.catalyst.expressions.LessThan;
import org.apache.spark.sql.catalyst.expressions.LessThanOrEqual;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.Not;
import org.apache.spark.sql.catalyst.expressions.Or;
import org.apache.spark.sql.catalyst.expressions.variant.VariantGet;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.VariantType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Catalyst filter conditions as {@link VariantPredicate}s: the parts on variant paths of
 * top-level VARIANT columns, as a condition that holds wherever the whole condition is true
 * (SQL's three values: "true" is what a Filter keeps). {@code AND} keeps the parts it can
 * translate, {@code OR} needs all of them, {@code NOT} is pushed down to the comparisons
 * (not {@code a < 5} is true exactly where {@code a >= 5} is).
 *
 * <p>A part is {@code variant_get}/{@code try_variant_get} of a constant path, under casts
 * that keep every value ({@link #widening}), compared with a literal of the same type
 * ({@code = < <= > >=}, {@code IN}, {@code BETWEEN} as Spark rewrites it), or tested with
 * {@code IS [NOT] NULL}, or a boolean path standing alone. Anything else (other functions, {@code <=>}, doubles, columns on both
 * sides) is "may be true".
 */
final class VariantConditions {
  private VariantConditions() {}

  /**
   * The condition's necessary part on variant paths of the top-level VARIANT columns named
   * {@code variants}, or null when it has none.
   */
  static VariantPredicate of(Expression condition, Set<String> variants) {
    return translate(condition, false, variants);
  }

  /** {@code e}, or {@code not e} when {@code negated}; null: may be true anywhere. */
  private static VariantPredicate translate(Expression e, boolean negated, Set<String> variants) {
    if (e instanceof Not n) {
      return translate(n.child(), !negated, variants);
    }
    if (e instanceof And a) {
      return negated ? any(a.left(), a.right(), true, variants)
          : all(a.left(), a.right(), false, variants);
    }
    if (e instanceof Or o) {
      return negated ? all(o.left(), o.right(), true, variants)
          : any(o.left(), o.right(), false, variants);
    }
    if (e instanceof IsNull n) {
      VariantPredicate.TypedPath leaf = leaf(n.child(), variants);
      return leaf == null ? null : new VariantPredicate.IsNull(leaf, negated);
    }
    if (e instanceof IsNotNull n) {
      VariantPredicate.TypedPath leaf = leaf(n.child(), variants);
      return leaf == null ? null : new VariantPredicate.IsNull(leaf, !negated);
    }
    if (e instanceof BinaryComparison c) {
      return compare(c, negated, variants);
    }
    if (e instanceof In in) {
      List<Object> values = new ArrayList<>();
      for (Expression x : CollectionConverters.asJava(in.list())) {
        if (!(x instanceof Literal l)) {
          return null;
        }
        values.add(l.value());
      }
      return in(in.value(), values, negated, variants);
    }
    if (e instanceof InSet in) {
      return in(in.child(), new ArrayList<>(CollectionConverters.asJava(in.hset())), negated,
          variants);
    }
    if (e.dataType() instanceof BooleanType) {
      // A boolean path as the predicate itself: Spark simplifies "= true" and "= false" so.
      VariantPredicate.TypedPath leaf = leaf(e, variants);
      return leaf == null ? null : new VariantPredicate.Compare(leaf, Op.EQ, !negated);
    }
    return null;
  }

  private static VariantPredicate all(Expression l, Expression r, boolean negated,
      Set<String> variants) {
    List<VariantPredicate> parts = new ArrayList<>();
    for (Expression x : List.of(l, r)) {
      VariantPredicate p = translate(x, negated, variants);
      if (p != null) {
        parts.add(p);
      }
    }
    return parts.isEmpty() ? null : parts.size() == 1 ? parts.get(0)
        : new VariantPredicate.All(parts);
  }

  private static VariantPredicate any(Expression l, Expression r, boolean negated,
      Set<String> variants) {
    VariantPredicate a = translate(l, negated, variants);
    VariantPredicate b = a == null ? null : translate(r, negated, variants);
    return b == null ? null : new VariantPredicate.Any(List.of(a, b));
  }

  /** {@code leaf op literal} (either side), negated as the negated operator. */
  private static VariantPredicate compare(BinaryComparison c, boolean negated,
      Set<String> variants) {
    Op op = c instanceof EqualTo ? Op.EQ : c instanceof LessThan ? Op.LT
        : c instanceof LessThanOrEqual ? Op.LE : c instanceof GreaterThan ? Op.GT
        : c instanceof GreaterThanOrEqual ? Op.GE : null; // <=> and others: not translated
    if (op == null) {
      return null;
    }
    Expression side = c.left();
    Expression other = c.right();
    if (side instanceof Literal && !(other instanceof Literal)) {
      side = c.right();
      other = c.left();
      op = op.flip();
    }
    VariantPredicate.TypedPath leaf = leaf(side, variants);
    if (leaf == null || !(other instanceof Literal l)
        || !l.dataType().equals(side.dataType())) {
      return null;
    }
    Object value = javaValue(l.value(), l.dataType());
    if (value == null || (value instanceof Boolean && op != Op.EQ)) {
      return null;
    }
    return new VariantPredicate.Compare(leaf, negated ? op.negate() : op, value);
  }

  /**
   * {@code leaf IN (values)}: some value equal; negated, every value unequal, which a null in
   * the list never makes true (then nothing is translated).
   */
  private static VariantPredicate in(Expression value, List<Object> values, boolean negated,
      Set<String> variants) {
    VariantPredicate.TypedPath leaf = leaf(value, variants);
    if (leaf == null || values.isEmpty()) {
      return null;
    }
    List<VariantPredicate> parts = new ArrayList<>();
    for (Object v : values) {
      Object java = v == null ? null : javaValue(v, value.dataType());
      if (java == null) {
        if (negated || v != null) {
          return null;
        }
        continue; // "= null" is never true: the other values decide
      }
      if (java instanceof Boolean && negated) {
        return null;
      }
      parts.add(new VariantPredicate.Compare(leaf, negated ? Op.NE : Op.EQ, java));
    }
    if (parts.isEmpty()) {
      return null;
    }
    return parts.size() == 1 ? parts.get(0)
        : negated ? new VariantPredicate.All(parts) : new VariantPredicate.Any(parts);
  }

  /**
   * The variant path {@code e} reads: {@code variant_get(column, 'path', type)} of a top-level
   * VARIANT column and a constant path, under widening casts only; null for anything else.
   */
  static VariantPredicate.TypedPath leaf(Expression e, Set<String> variants) {
    while (e instanceof Cast c && widening(c.child().dataType(), c.dataType())) {
      e = c.child();
    }
    if (!(e instanceof VariantGet g) || !(g.child() instanceof AttributeReference column)
        || !(column.dataType() instanceof VariantType) || !variants.contains(column.name())
        || !(g.path() instanceof Literal path) || path.value() == null) {
      return null;
    }
    String corePath = ExtractedPath.corePath(column.name(), path.value().toString());
    return corePath == null ? null : new VariantPredicate.TypedPath(corePath, g.targetType());
  }

  /**
   * Whether Spark's cast from {@code from} to {@code to} keeps every value as it is: to a wider
   * integer, an integer to a decimal with room for it, a decimal to one with as many or more
   * digits on both sides of the point. (A narrowing cast wraps around when ANSI mode is off.)
   */
  static boolean widening(DataType from, DataType to) {
    int f = integerBits(from);
    if (f > 0) {
      int t = integerBits(to);
      return t > 0 ? f <= t
          : to instanceof DecimalType d && TypedLeaves.digits(f) <= d.precision() - d.scale();
    }
    return from instanceof DecimalType a && to instanceof DecimalType b
        && a.scale() <= b.scale() && a.precision() - a.scale() <= b.precision() - b.scale();
  }

  private static int integerBits(DataType t) {
    return t instanceof ByteType ? 8 : t instanceof ShortType ? 16 : t instanceof IntegerType
        ? 32 : t instanceof LongType ? 64 : 0;
  }

  /** A Catalyst literal's value as the core's literal takes it; null for other types. */
  private static Object javaValue(Object v, DataType type) {
    if (v == null) {
      return null;
    }
    if (integerBits(type) > 0) {
      return ((Number) v).longValue();
    }
    if (type instanceof DecimalType) {
      return ((Decimal) v).toJavaBigDecimal();
    }
    if (type instanceof StringType s) {
      return s.isUTF8BinaryCollation() ? v.toString() : null;
    }
    if (type instanceof BooleanType) {
      return v;
    }
    return null; // dates and timestamps: not used yet (TypedLeaves)
  }
}
