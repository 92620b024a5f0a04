package io.dendrite.parquet.testing;

import java.util.ArrayDeque;
import java.util.Deque;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * A RecordConsumer that builds example {@link Group}s instead of writing columns, so that a
 * writer of one field (the library's variant shredder) can fill a field of a Group row. Fields
 * are matched by name, so the Group's schema may order them differently from the writer.
 */
final class GroupRecordConsumer extends RecordConsumer {
  private final Deque<Group> groups = new ArrayDeque<>();
  private final Deque<String> fields = new ArrayDeque<>();

  /** Values written go to field {@code field} of {@code parent}. */
  GroupRecordConsumer(Group parent, String field) {
    groups.push(parent);
    fields.push(field);
  }

  @Override
  public void startMessage() {
    throw new UnsupportedOperationException("fills one field, not a message");
  }

  @Override
  public void endMessage() {
    throw new UnsupportedOperationException("fills one field, not a message");
  }

  @Override
  public void startField(String field, int index) {
    fields.push(field);
  }

  @Override
  public void endField(String field, int index) {
    fields.pop();
  }

  @Override
  public void startGroup() {
    groups.push(groups.peek().addGroup(fields.peek()));
  }

  @Override
  public void endGroup() {
    groups.pop();
  }

  @Override
  public void addInteger(int value) {
    groups.peek().add(fields.peek(), value);
  }

  @Override
  public void addLong(long value) {
    groups.peek().add(fields.peek(), value);
  }

  @Override
  public void addBoolean(boolean value) {
    groups.peek().add(fields.peek(), value);
  }

  @Override
  public void addBinary(Binary value) {
    groups.peek().add(fields.peek(), value);
  }

  @Override
  public void addFloat(float value) {
    groups.peek().add(fields.peek(), value);
  }

  @Override
  public void addDouble(double value) {
    groups.peek().add(fields.peek(), value);
  }
}
