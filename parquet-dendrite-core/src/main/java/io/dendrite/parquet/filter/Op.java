package io.dendrite.parquet.filter;

/** A comparison operator. */
public enum Op {
  EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

  private final String symbol;

  Op(String symbol) {
    this.symbol = symbol;
  }

  /** The operator that holds exactly when this one does not (for values that compare). */
  public Op negate() {
    return switch (this) {
      case EQ -> NE;
      case NE -> EQ;
      case LT -> GE;
      case LE -> GT;
      case GT -> LE;
      case GE -> LT;
    };
  }

  /** Whether a comparison result ({@code compareTo}'s sign) satisfies this operator. */
  public boolean test(int cmp) {
    return switch (this) {
      case EQ -> cmp == 0;
      case NE -> cmp != 0;
      case LT -> cmp < 0;
      case LE -> cmp <= 0;
      case GT -> cmp > 0;
      case GE -> cmp >= 0;
    };
  }

  @Override
  public String toString() {
    return symbol;
  }
}
