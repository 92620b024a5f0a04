package io.dendrite.parquet.write;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.apache.parquet.io.OutputFile;

/** A file on any Hadoop file system (hdfs://, s3a://, file://). */
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
  public String displayName() {
    return target.toString();
  }

  @Override
  public void checkWritable(boolean overwrite) throws IOException {
    if (!overwrite && fs().exists(target)) {
      throw new FileAlreadyExistsException(
          target + ": output file already exists (allow overwriting to replace it)");
    }
  }

  @Override
  public OutputFile temporaryFile() throws IOException {
    return HadoopOutputFile.fromPath(temporary, conf);
  }

  @Override
  public void commit(boolean overwrite) throws IOException {
    FileSystem fs = fs();
    if (overwrite && fs.exists(target)) {
      fs.delete(target, false);
    }
    if (!fs.rename(temporary, target)) {
      throw new IOException("could not rename " + temporary + " to " + target);
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
