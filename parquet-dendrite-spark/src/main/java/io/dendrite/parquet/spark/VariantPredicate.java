package io.dendrite.parquet.spark;

import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.filter.Filter.Op;
import io.dendrite.parquet.path.SelectionPath;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.parquet.schema.MessageType;
import org.apache.spark.sql.types.DataType;

/**
 * A necessary condition of a query's filter on variant paths ({@link VariantConditions}): where
 * the query's filter is true, this is true. Used only to skip row groups, never to drop rows
 * (Spark's Filter stays above the scan). Per file it becomes the core's {@link Filter} over
 * the paths whose {@code typed_value} type Spark's cast maps exactly ({@link TypedLeaves});
 * any other comparison is taken as "may be true", which keeps the condition necessary.
 */
sealed interface VariantPredicate extends Serializable {
  /** The read option that carries the predicate from the optimizer rule to the scan builder. */
  String OPTION = "dendrite.variantSkipping";

  /**
   * The core's filter for a file of {@code schema}, true wherever this predicate is; null when
   * nothing of it can be judged in that file (any row may match).
   */
  Filter forFile(MessageType schema);

  /** All of {@code parts}: those a file cannot judge are dropped (a weaker condition). */
  record All(List<VariantPredicate> parts) implements VariantPredicate {
    public All {
      parts = List.copyOf(parts);
    }

    @Override
    public Filter forFile(MessageType schema) {
      List<Filter> judged = new ArrayList<>();
      for (VariantPredicate p : parts) {
        Filter f = p.forFile(schema);
        if (f != null) {
          judged.add(f);
        }
      }
      return judged.isEmpty() ? null
          : judged.size() == 1 ? judged.get(0) : Filter.and(judged.toArray(Filter[]::new));
    }

    @Override
    public String toString() {
      return parts.stream().map(p -> p instanceof Any ? "(" + p + ")" : p.toString())
          .collect(Collectors.joining(" and "));
    }
  }

  /** Any of {@code parts}: judged only when every part is. */
  record Any(List<VariantPredicate> parts) implements VariantPredicate {
    public Any {
      parts = List.copyOf(parts);
    }

    @Override
    public Filter forFile(MessageType schema) {
      List<Filter> judged = new ArrayList<>();
      for (VariantPredicate p : parts) {
        Filter f = p.forFile(schema);
        if (f == null) {
          return null;
        }
        judged.add(f);
      }
      return judged.size() == 1 ? judged.get(0) : Filter.or(judged.toArray(Filter[]::new));
    }

    @Override
    public String toString() {
      return parts.stream().map(p -> p instanceof All ? "(" + p + ")" : p.toString())
          .collect(Collectors.joining(" or "));
    }
  }

  /**
   * {@code variant_get(column, path, type) op literal}, the literal as the core's
   * {@link Filter.Literal#of} takes it.
   */
  record Compare(TypedPath leaf, Op op, Object literal) implements VariantPredicate {
    @Override
    public Filter forFile(MessageType schema) {
      return leaf.exactIn(schema)
          ? new Filter.Compare(leaf.selection(), op, Filter.Literal.of(literal)) : null;
    }

    @Override
    public String toString() {
      return leaf + " " + op + " " + Filter.Literal.of(literal);
    }
  }

  /**
   * {@code variant_get(column, path, type) is [not] null}. Spark's null (SQL null, missing, JSON
   * null, a failed cast) is the core's where the cast cannot fail, which {@link TypedLeaves}
   * ensures.
   */
  record IsNull(TypedPath leaf, boolean negated) implements VariantPredicate {
    @Override
    public Filter forFile(MessageType schema) {
      if (!leaf.exactIn(schema)) {
        return null;
      }
      Filter isNull = new Filter.IsNull(leaf.selection(), false);
      return negated ? Filter.not(isNull) : isNull;
    }

    @Override
    public String toString() {
      return leaf + (negated ? " is not null" : " is null");
    }
  }

  /**
   * A path below a top-level VARIANT column and the type Spark casts its value to.
   *
   * @param corePath the column and path in the core's grammar ({@link SelectionPath} text)
   */
  record TypedPath(String corePath, DataType type) implements Serializable {
    SelectionPath selection() {
      return SelectionPath.parse(corePath);
    }

    /** Whether the file shreds the path to a {@code typed_value} that casts exactly. */
    boolean exactIn(MessageType schema) {
      return TypedLeaves.castsExactly(TypedLeaves.of(schema, selection()), type);
    }

    @Override
    public String toString() {
      return corePath + " as " + type.simpleString();
    }
  }

  /** The predicate as the text of a read option. */
  default String encode() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(this);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Base64.getEncoder().encodeToString(bytes.toByteArray());
  }

  /** The predicate of {@link #encode}'s text. */
  static VariantPredicate decode(String text) {
    try (ObjectInputStream in = new ObjectInputStream(
        new ByteArrayInputStream(Base64.getDecoder().decode(text)))) {
      return (VariantPredicate) in.readObject();
    } catch (IOException | ClassNotFoundException e) {
      throw new IllegalArgumentException("dendrite: unreadable option " + OPTION, e);
    }
  }
}
