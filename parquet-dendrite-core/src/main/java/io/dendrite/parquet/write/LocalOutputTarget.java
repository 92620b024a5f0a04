package io.dendrite.parquet.write;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;

/**
 * A file on the local file system, written without Hadoop. Published with a hard link when
 * overwriting is off: {@code link(2)} fails atomically when the name exists, whereas a rename
 * would replace a file that appeared meanwhile. With overwriting on, an atomic rename replaces.
 */
final class LocalOutputTarget implements OutputTarget {
  private final Path target;
  private final Path temporary;
  private final String displayName;
  private final boolean hadoopChecksums;
  private final Configuration jobConf;

  LocalOutputTarget(Path target) {
    this(target, null, false, null);
  }

  /**
   * {@code displayName}: how messages name the file (null: its absolute path);
   * {@code hadoopChecksums}: remove a {@code .NAME.crc} sidecar left by Hadoop's local file system
   * when publishing, since Hadoop would check the new file against it; {@code jobConf}: the
   * Hadoop configuration of a Hadoop path on the local file system, or null.
   */
  LocalOutputTarget(Path target, String displayName, boolean hadoopChecksums,
      Configuration jobConf) {
    this.target = target.toAbsolutePath();
    this.temporary = this.target.resolveSibling(
        OutputTarget.temporaryName(this.target.getFileName().toString()));
    this.displayName = displayName == null ? this.target.toString() : displayName;
    this.hadoopChecksums = hadoopChecksums;
    this.jobConf = jobConf;
  }

  @Override
  public Configuration jobConfiguration() {
    return jobConf;
  }

  @Override
  public String displayName() {
    return displayName;
  }

  @Override
  public void checkWritable(boolean overwrite) throws IOException {
    if (!overwrite && Files.exists(target)) {
      throw new FileAlreadyExistsException(displayName, null,
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
    if (overwrite) {
      try {
        Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } else {
      publishWithoutReplacing();
    }
    if (hadoopChecksums) {
      deleteQuietly(target.resolveSibling("." + target.getFileName() + ".crc"));
    }
  }

  private void publishWithoutReplacing() throws IOException {
    try {
      Files.createLink(target, temporary);
    } catch (FileAlreadyExistsException e) {
      throw OutputTarget.appearedMeanwhile(displayName);
    } catch (FileSystemException | UnsupportedOperationException e) {
      // No hard links on this file system: a move that checks for the name first, which leaves
      // a short window between the check and the rename.
      try {
        Files.move(temporary, target);
      } catch (FileAlreadyExistsException exists) {
        throw OutputTarget.appearedMeanwhile(displayName);
      }
      return;
    }
    // Published; the temporary name is now a second link to the same file.
    deleteQuietly(temporary);
  }


  @Override
  public void discard() {
    deleteQuietly(temporary);
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException ignored) {
      // Best effort: the file is hidden and says what it is in its name.
    }
  }
}
