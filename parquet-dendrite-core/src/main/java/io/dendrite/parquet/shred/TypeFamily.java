package io.dendrite.parquet.shred;

import io.dendrite.parquet.variant.VariantType;

/**
 * Groups of variant types that one shredded column can hold so that they read back unchanged:
 * int8..int64 form one family (a wider integer holds a narrower one with the same text);
 * decimals form another, which inference splits further by scale (a decimal column has one
 * scale). Float and double stay apart because converting between them changes values.
 * Declaration order breaks ties between equally frequent families.
 */
enum TypeFamily {
  BOOLEAN(VariantType.BOOLEAN), INTEGER(null), DECIMAL(null), FLOAT(VariantType.FLOAT),
  DOUBLE(VariantType.DOUBLE), STRING(VariantType.STRING), BINARY(VariantType.BINARY),
  DATE(VariantType.DATE), TIME(VariantType.TIME), TIMESTAMP(VariantType.TIMESTAMP),
  TIMESTAMP_NTZ(VariantType.TIMESTAMP_NTZ), TIMESTAMP_NANOS(VariantType.TIMESTAMP_NANOS),
  TIMESTAMP_NTZ_NANOS(VariantType.TIMESTAMP_NTZ_NANOS), UUID(VariantType.UUID),
  OBJECT(VariantType.OBJECT), ARRAY(VariantType.ARRAY);

  /** Indexed by VariantType ordinal; null for variant null. */
  private static final TypeFamily[] OF = new TypeFamily[VariantType.values().length];

  static {
    for (VariantType t : VariantType.values()) {
      OF[t.ordinal()] = t.isInteger() ? INTEGER : t.isDecimal() ? DECIMAL : null;
    }
    for (TypeFamily f : values()) {
      if (f.type != null) {
        OF[f.type.ordinal()] = f;
      }
    }
  }

  /** The one variant type of the family; null for INTEGER and DECIMAL, which have several. */
  final VariantType type;

  TypeFamily(VariantType type) {
    this.type = type;
  }

  /** The family of a type, or null for variant null (which any column's {@code value} holds). */
  static TypeFamily of(VariantType t) {
    return OF[t.ordinal()];
  }
}
