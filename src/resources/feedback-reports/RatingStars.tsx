/** A rating as five stars, filled up to it (spec 2 §Admin), read out as 'n of 5 stars'. */
import StarFilled from '@ant-design/icons-svg/es/asn/StarFilled';
import { Glyph } from '@/ui/Glyph';
import './rating.css';

const STARS = [1, 2, 3, 4, 5];

export function RatingStars({ rating, label }: { rating: number; label: string }) {
  return (
    <span className="rating-stars" role="img" aria-label={label}>
      {STARS.map((star) => (
        <Glyph
          icon={StarFilled}
          key={star}
          className={star <= rating ? 'rating-stars__on' : 'rating-stars__off'}
        />
      ))}
    </span>
  );
}
