package io.dendrite.parquet.write;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.UnsupportedFileSystemException;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.apache.parquet.io.OutputFile;

/**
 * A file on a Hadoop file system other than the local one (hdfs://, s3a://; see
 * {@link OutputTarget#of}). Without overwriting it publishes with {@code FileSystem.rename},
 * which on HDFS refuses an existing target atomically; with overwriting, with
 * {@code FileContext.rename(..., OVERWRITE)}, an atomic replace on HDFS. Object stores whose
 * rename is a copy (s3a) give neither guarantee.
 */
final class HadoopOutputTarget implements OutputTarget {
  private final Path target;
  private final Path temporary;
  private final Configuration conf;

  HadoopOutputTarget(Path target, Configuration conf) {
    this.target = target;
    this.conf = conf;
    this.temporary = new Path(target.getParent(), OutputTarget.temporaryName(target.getName()));
  }

  @Override
  public Configuration jobConfiguration() {
    return conf;
  }

  @Override
  public String displayName() {
    return target.toString();
  }

  @Override
  public void checkWritable(boolean overwrite) throws IOException {
    if (!overwrite && fs().exists(target)) {
      throw new java.nio.file.FileAlreadyExistsException(target.toString(), null,
          "output file already exists (allow overwriting to replace it)");
    }
  }

  @Override
  public OutputFile temporaryFile() throws IOException {
    return HadoopOutputFile.fromPath(temporary, conf);
  }

  @Override
  public void commit(boolean overwrite) throws IOException {
    FileSystem fs = fs();
    if (overwrite) {
      replace(fs);
      return;
    }
    if (!fs.rename(temporary, target)) {
      if (fs.exists(target)) {
        throw OutputTarget.appearedMeanwhile(target.toString());
      }
      throw new IOException(target + ": could not rename the temporary file " + temporary
          + " to the output path");
    }
    // FileSystem.rename moves a file into a directory of the target's name: undo that.
    if (fs.getFileStatus(target).isDirectory()) {
      fs.delete(new Path(target, temporary.getName()), false);
      throw OutputTarget.appearedMeanwhile(target.toString());
    }
  }

  private void replace(FileSystem fs) throws IOException {
    Path src = fs.makeQualified(temporary);
    Path dst = fs.makeQualified(target);
    FileContext fc;
    try {
      fc = FileContext.getFileContext(dst.toUri(), conf);
    } catch (UnsupportedFileSystemException e) {
      fc = null; // no FileContext binding for this scheme
    }
    if (fc != null) {
      try {
        fc.rename(src, dst, Options.Rename.OVERWRITE);
        return;
      } catch (FileAlreadyExistsException e) {
        throw new IOException(target + ": cannot replace it (" + e.getMessage() + ")", e);
      }
    }
    fs.delete(target, false);
    if (!fs.rename(temporary, target)) {
      throw new IOException(target + ": could not rename the temporary file " + temporary
          + " to the output path");
    }
  }


  @Override
  public void discard() {
    try {
      fs().delete(temporary, false);
    } catch (IOException ignored) {
      // Best effort: the file is hidden and says "inprogress" in its name.
    }
  }

  private FileSystem fs() throws IOException {
    return target.getFileSystem(conf);
  }
}
