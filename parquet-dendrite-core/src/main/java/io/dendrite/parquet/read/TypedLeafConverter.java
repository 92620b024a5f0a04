package io.dendrite.parquet.read;

import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The {@code typed_value} of a shredded primitive that a selection ends on, captured as a plain
 * Java value (no variant encoding): the fast path of projected reads. Java types follow
 * {@link io.dendrite.parquet.variant.VariantJava#toJava}.
 */
final class TypedLeafConverter extends PrimitiveConverter {
  private final VariantRoot root;
  private final JavaValues values;
  private final PrimitiveTypeName physical;
  /** Values of the current dictionary page, decoded once each (strings are the common case). */
  private Object[] dictionary;

  TypedLeafConverter(VariantRoot root, PrimitiveTypeName physical) {
    this.root = root;
    this.values = JavaValues.forTypedLeaf(root.leafType(), root.path);
    this.physical = physical;
  }

  @Override
  public boolean hasDictionarySupport() {
    return true;
  }

  @Override
  public void setDictionary(Dictionary dict) {
    Object saved = root.typed;
    dictionary = new Object[dict.getMaxId() + 1];
    for (int id = 0; id < dictionary.length; id++) {
      decodeFromDictionary(dict, id);
      dictionary[id] = root.typed;
    }
    root.typed = saved;
  }

  private void decodeFromDictionary(Dictionary dict, int id) {
    switch (physical) {
      case BOOLEAN:
        addBoolean(dict.decodeToBoolean(id));
        break;
      case INT32:
        addInt(dict.decodeToInt(id));
        break;
      case INT64:
        addLong(dict.decodeToLong(id));
        break;
      case FLOAT:
        addFloat(dict.decodeToFloat(id));
        break;
      case DOUBLE:
        addDouble(dict.decodeToDouble(id));
        break;
      default:
        addBinary(dict.decodeToBinary(id));
        break;
    }
  }

  @Override
  public void addValueFromDictionary(int dictionaryId) {
    root.typed = dictionary[dictionaryId];
  }

  @Override
  public void addBoolean(boolean value) {
    root.typed = values.ofBoolean(value);
  }

  @Override
  public void addInt(int value) {
    root.typed = values.ofInt(value);
  }

  @Override
  public void addLong(long value) {
    root.typed = values.ofLong(value);
  }

  @Override
  public void addFloat(float value) {
    root.typed = values.ofFloat(value);
  }

  @Override
  public void addDouble(double value) {
    root.typed = values.ofDouble(value);
  }

  @Override
  public void addBinary(Binary value) {
    root.typed = values.ofBinary(value);
  }
}
