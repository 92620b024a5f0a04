package io.dendrite.parquet.cli;

/** A failure whose message is already what the user should read (file, line or column, problem). */
final class CliException extends RuntimeException {
  CliException(String message) {
    super(message);
  }

  CliException(String message, Throwable cause) {
    super(message, cause);
  }
}
