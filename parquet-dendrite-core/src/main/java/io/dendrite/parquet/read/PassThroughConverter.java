package io.dendrite.parquet.read;

import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;

/** A group whose children do all the work; it only routes fields to them. */
class PassThroughConverter extends GroupConverter {
  private final Converter[] children;

  PassThroughConverter(Converter... children) {
    this.children = children;
  }

  @Override
  public Converter getConverter(int fieldIndex) {
    return children[fieldIndex];
  }

  @Override
  public void start() {}

  @Override
  public void end() {}
}
