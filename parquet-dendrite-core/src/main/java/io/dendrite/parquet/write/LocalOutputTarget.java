package io.dendrite.parquet.write;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;

/** A file on the local file system, written without Hadoop. */
final class LocalOutputTarget implements OutputTarget {
  private final Path target;
  private final Path temporary;

  LocalOutputTarget(Path target) {
    this.target = target.toAbsolutePath();
    Path name = this.target.getFileName();
    this.temporary = this.target.resolveSibling(OutputTarget.temporaryName(name.toString()));
  }

  @Override
  public String displayName() {
    return target.toString();
  }

  @Override
  public void checkWritable(boolean overwrite) throws IOException {
    if (!overwrite && Files.exists(target)) {
      throw new FileAlreadyExistsException(target.toString(), null,
          "output file already exists (allow overwriting to replace it)");
    }
    Path dir = target.getParent();
    if (dir != null && !Files.isDirectory(dir)) {
      Files.createDirectories(dir);
    }
  }

  @Override
  public OutputFile temporaryFile() {
    return new LocalOutputFile(temporary);
  }

  @Override
  public void commit(boolean overwrite) throws IOException {
    try {
      if (overwrite) {
        Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
      } else {
        Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
      }
    } catch (AtomicMoveNotSupportedException e) {
      if (overwrite) {
        Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
      } else {
        Files.move(temporary, target);
      }
    }
  }

  @Override
  public void discard() {
    try {
      Files.deleteIfExists(temporary);
    } catch (IOException ignored) {
      // Best effort: the file is hidden and says "inprogress" in its name.
    }
  }
}
